// The official conformance harness imports `globSync` from "fs", which Node gained in
// version 22. On an older Node, point that one import at a module re-exporting "fs"
// plus `globSync` from the `glob` package (installed beside the harness). Idempotent;
// does nothing on Node >= 22. Usage: node shim-globsync.mjs <node_modules dir>
import { existsSync, readFileSync, writeFileSync } from "fs";
import { join } from "path";

const major = Number(process.versions.node.split(".")[0]);
const dist = join(process.argv[2] ?? "node_modules", "@modelcontextprotocol", "conformance", "dist");
const entry = join(dist, "index.js");
if (!existsSync(entry)) {
  console.error(`shim-globsync: ${entry} not found (is the harness installed?)`);
  process.exit(1);
}
if (major >= 22) process.exit(0);
const shim = "fs-globsync-shim.js";
writeFileSync(join(dist, shim), 'export * from "fs";\nexport { globSync } from "glob";\n');
const source = readFileSync(entry, "utf8");
const imports = source.match(/import\{[^}]*\bglobSync\b[^}]*\}from"fs";/g) ?? [];
if (imports.length === 0) {
  if (source.includes(`from"./${shim}"`)) process.exit(0); // shimmed already
  console.error("shim-globsync: no `import {globSync} from \"fs\"` in the harness: shim it anew");
  process.exit(1);
}
writeFileSync(entry, source.replace(imports[0], imports[0].replace('from"fs"', `from"./${shim}"`)));
console.log(`shim-globsync: Node ${process.versions.node}: fs.globSync comes from the glob package`);
