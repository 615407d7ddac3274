// typescript-json-schema on the files of one typing, as its CLI runs
// `typescript-json-schema FILES "*" --required --skipLibCheck`, except that a declaration
// it cannot read costs that declaration, not the whole typing: when the CLI's one call
// throws, each declaration is tried on its own. Prints {"definitions", "unreadable"}.
// Usage: node tjs_each.cjs TJS_PACKAGE_DIR FILE...
"use strict";
const TJS = require(process.argv[2]);
const files = process.argv.slice(3);
const program = TJS.getProgramFromFiles(files, { strictNullChecks: false, skipLibCheck: true });
const generator = TJS.buildGenerator(program, { required: true }, files);
if (generator === null) {
  // buildGenerator has printed TypeScript's diagnostics on stderr.
  console.error("Error: No output definition. Probably caused by errors prior to this?");
  process.exit(1);
}
const names = generator.getMainFileSymbols(program, files);
let definitions = {};
const unreadable = {};
try {
  definitions = generator.getSchemaForSymbols(names, true, true).definitions;
} catch (whole) {
  for (const name of names) {
    try {
      Object.assign(definitions, generator.getSchemaForSymbols([name], true, true).definitions);
    } catch (error) {
      unreadable[name] = `${error && error.name}: ${error && error.message}`.slice(0, 300);
    }
  }
  for (const name of Object.keys(unreadable)) delete definitions[name];
}
process.stdout.write(JSON.stringify({ definitions, unreadable }));
