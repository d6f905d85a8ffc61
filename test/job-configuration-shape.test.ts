/**
 * FlinkSqlJob `configuration` must be a map object: a Map or Set (whose entries are no own props, so
 * every reader of the configuration would drop them silently), an array or a string is an error.
 */
import { expect } from "chai";
import { datagenToBlackhole, issuesOrNone, mockedApi, type Api } from "./api.js";

describe("FlinkSqlJob configuration: an object literal", () => {
  let api: Api;
  before(async () => (api = await mockedApi()));
  const MESSAGE = 'must be a map of plain strings, an object literal ({ "key": "value" })';

  it("a Map is an error that says to write Object.fromEntries", () => {
    const issues = issuesOrNone(() => new api.FlinkSqlJob("cfg-map", { statements: [datagenToBlackhole(api, "cfgmap")], configuration: new Map([["pipeline.name", "x"]]) as never }));
    expect(issues).to.deep.equal([{ path: "configuration", message: `${MESSAGE}, not a Map: write Object.fromEntries(theMap)` }]);
  });

  it("an array or a string is an error", () => {
    for (const [i, value] of [[["pipeline.name", "x"]], "pipeline.name=x"].entries()) {
      const issues = issuesOrNone(() => new api.FlinkSqlJob(`cfg-bad${i}`, { statements: [datagenToBlackhole(api, `cfgbad${i}`)], configuration: value as never }));
      expect(issues.filter((x) => x.path === "configuration")).to.deep.equal([{ path: "configuration", message: MESSAGE }]);
    }
  });

  it("a class instance holding the entries as own props reads as a map: quiet", () => {
    class Conf {
      "pipeline.name" = "x";
    }
    expect(issuesOrNone(() => new api.FlinkSqlJob("cfg-class", { statements: [datagenToBlackhole(api, "cfgclass")], configuration: new Conf() as never }))).to.deep.equal([]);
  });

  it("an object literal, and one without a prototype, are quiet", () => {
    expect(issuesOrNone(() => new api.FlinkSqlJob("cfg-ok", { statements: [datagenToBlackhole(api, "cfgok")], configuration: { "pipeline.name": "x" } }))).to.deep.equal([]);
    const bare = Object.assign(Object.create(null) as Record<string, string>, { "pipeline.name": "x" });
    expect(issuesOrNone(() => new api.FlinkSqlJob("cfg-bare", { statements: [datagenToBlackhole(api, "cfgbare")], configuration: bare }))).to.deep.equal([]);
  });
});
