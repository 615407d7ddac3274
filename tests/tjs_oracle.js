// typescript-json-schema as a long-lived worker for the tests (tests/tjs_oracle.py).
//
// One JSON request per line on stdin, one JSON answer per line on stdout:
//   {"cli": [file, args]}       -> {"text": what `typescript-json-schema FILE "*" ...` prints}
//   {"symbols": [file, names]}  -> {"text": JSON of {name: getSchemaForSymbol(name)}}
//   failures                    -> {"error": message}
// Each request builds its own program over its one file, exactly as the CLI and the API
// do (TJS.getProgramFromFiles' options, generateSchema, the CLI's stringify), so the
// answer is the CLI's byte for byte. What is shared: node, TypeScript and TJS loaded once,
// and the default library's parsed files (lib.*.d.ts, read-only inputs keyed by the
// options), which a fresh CLI parses again on every run: about 2 s of CPU per call.
"use strict";
const path = require("path");
const readline = require("readline");
const TJS = require("typescript-json-schema");
// The TypeScript and the stringify that TJS itself loads.
const from = { paths: [path.dirname(require.resolve("typescript-json-schema"))] };
const ts = require(require.resolve("typescript", from));
const { stringify } = require(require.resolve("safe-stable-stringify", from));

const libDir = path.dirname(ts.getDefaultLibFilePath({}));
const libFiles = new Map();

// TJS.getProgramFromFiles, with a host that keeps the default library's source files.
function programFromFiles(files, jsonOptions) {
  const converted = ts.convertCompilerOptionsFromJson(jsonOptions, "./").options;
  const options = {
    noEmit: true,
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    target: ts.ScriptTarget.ES5,
    module: ts.ModuleKind.CommonJS,
    allowUnusedLabels: true,
    ...converted,
  };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  const optionsKey = JSON.stringify(options);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    if (path.dirname(fileName) !== libDir) return read(fileName, languageVersion, onError, shouldCreate);
    const key = `${optionsKey}\0${JSON.stringify(languageVersion)}\0${fileName}`;
    if (!libFiles.has(key)) libFiles.set(key, read(fileName, languageVersion, onError, shouldCreate));
    return libFiles.get(key);
  };
  return ts.createProgram(files, options, host);
}

function cli(file, flags) {
  // The CLI's arguments: the defaults, `include` and `out` unset, then the flags.
  const args = { ...TJS.getDefaultArgs(), include: undefined, out: undefined, ...flags };
  const program = programFromFiles([file], {
    strictNullChecks: args.strictNullChecks,
    esModuleInterop: args.esModuleInterop,
    skipLibCheck: args.skipLibCheck,
    emitDecoratorMetadata: args.experimentalDecorators,
    experimentalDecorators: args.experimentalDecorators,
  });
  const definition = TJS.generateSchema(program, "*", args, [file]);
  if (definition === null) throw new Error("No output definition. Probably caused by errors prior to this?");
  return stringify(definition, null, 4) + "\n\n";
}

function symbols(file, names) {
  const program = programFromFiles([file], { strictNullChecks: true });
  const generator = TJS.buildGenerator(program, { required: true });
  if (generator === null) throw new Error("the program has errors");
  const out = {};
  for (const name of names) out[name] = generator.getSchemaForSymbol(name);
  return JSON.stringify(out);
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  let answer;
  const request = JSON.parse(line);
  // TJS reports the program's errors on the console: keep them off the answers' stream.
  const log = console.log;
  console.log = console.error;
  try {
    answer = { text: request.cli ? cli(...request.cli) : symbols(...request.symbols) };
  } catch (error) {
    answer = { error: String(error && error.stack ? error.stack : error) };
  } finally {
    console.log = log;
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
