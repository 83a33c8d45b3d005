// A TypeDoc plugin (typedoc.json, "plugin"). The output properties of the SDK classes are
// declared by the fields of the providers' outputs schemas (`resourceOutputs({ name: output(…) })`
// in provider/resources/outputs, derived with `OutputProperties`), which are properties of an
// object literal: TypeDoc would show each one's initializer as a default value, elided to
// `= ...`. An output has no default, so such an elided initializer is dropped.
import ts from "typescript";
import { Converter } from "typedoc";

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    if (reflection.defaultValue !== "...") return;
    const declaration = context.getSymbolFromReflection(reflection)?.declarations?.[0];
    if (declaration !== undefined && ts.isPropertyAssignment(declaration)) {
      reflection.defaultValue = undefined;
    }
  });
}
