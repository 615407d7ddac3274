// typescript-json-schema on the files of one typing, as its CLI runs
// `typescript-json-schema FILES "*" --required --skipLibCheck`, except that a declaration
// it cannot read costs that declaration, not the whole typing: when the CLI's one call
// throws, the declarations are tried in halves down to each one on its own.
// Prints {"definitions", "unreadable"}.
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
  // Halves until each declaration that throws stands alone: k unreadable declarations of n
  // cost about k log n calls, not n.
  const read = (group) => {
    try {
      Object.assign(definitions, generator.getSchemaForSymbols(group, true, true).definitions);
    } catch (error) {
      if (group.length === 1) {
        unreadable[group[0]] = `${error && error.name}: ${error && error.message}`.slice(0, 300);
        return;
      }
      const half = group.length >> 1;
      read(group.slice(0, half));
      read(group.slice(half));
    }
  };
  read(names);
  for (const name of Object.keys(unreadable)) delete definitions[name];
}
process.stdout.write(JSON.stringify({ definitions, unreadable }));
