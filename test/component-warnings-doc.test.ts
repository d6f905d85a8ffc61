/**
 * The components' `warnings` TSDoc lives once, on ReportsWarnings (src/validation/acknowledged-warnings.ts),
 * which IcebergSource, IcebergSink, FlinkTable and FlinkSqlJob implement: an IDE's hover (the
 * TypeScript language service's quick info) shows it on each component's `warnings`, followed by
 * what IcebergSink and FlinkSqlJob add with `@inheritDoc`. A doc comment written on a component's
 * `warnings` without `@inheritDoc` would hide the shared one.
 */
import * as path from "node:path";
import { expect } from "chai";
import ts from "typescript";

const ROOT = path.resolve(__dirname, "..");
const PROBE = path.join(ROOT, "test", "__warnings-doc-probe.ts");
const SHARED = "The warnings its checks found, in order, as logged (`{ path, message }`), each with";

/** The hover documentation of `<component>.warnings` for each component, read through the language service. */
function hoverDocs(): Record<string, string> {
  const components = ["IcebergSource", "IcebergSink", "FlinkTable", "FlinkSqlJob"];
  const text =
    `import type { ${components.join(", ")} } from "../src/index.js";\n` +
    components.map((c, i) => `declare const v${i}: ${c};\nv${i}.warnings;\n`).join("");
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [PROBE],
    getScriptVersion: () => "1",
    getScriptSnapshot: (f) => {
      const t = f === PROBE ? text : ts.sys.readFile(f);
      return t === undefined ? undefined : ts.ScriptSnapshot.fromString(t);
    },
    getCurrentDirectory: () => ROOT,
    getCompilationSettings: () => ({ module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, strict: true, skipLibCheck: true }),
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => f === PROBE || ts.sys.fileExists(f),
    readFile: (f) => (f === PROBE ? text : ts.sys.readFile(f)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  const out: Record<string, string> = {};
  components.forEach((c, i) => {
    const info = service.getQuickInfoAtPosition(PROBE, text.indexOf(`v${i}.warnings`) + `v${i}.`.length);
    out[c] = ts.displayPartsToString(info?.documentation).replace(/\s*\n\s*/g, " ");
  });
  return out;
}

describe("the components' warnings TSDoc, written once", function () {
  this.timeout(120_000);

  it("each component's hover shows ReportsWarnings' doc, then what IcebergSink and FlinkSqlJob add", () => {
    const docs = hoverDocs();
    for (const [component, doc] of Object.entries(docs)) expect(doc.startsWith(SHARED), `${component}: ${doc}`).to.equal(true);
    expect(docs.IcebergSource).to.equal(docs.FlinkTable);
    expect(docs.IcebergSink).to.match(/error's `warnings`\)\. A keyed sink's warning about delete files on a format-version 1 table stays listed when a job's error says the same, which drops it from the log\.$/);
    expect(docs.FlinkSqlJob).to.match(/error's `warnings`\)\. In statement order\. .* Not here: the SQL Gateway's deployment warnings \(`gatewayWarnings`, .*\)\.$/);
  });
});
