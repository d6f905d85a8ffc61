/**
 * Table names a statement mentions as plain text after FROM, JOIN, INTO or TABLE. FlinkSqlJob
 * declares only the tables interpolated with `${table}`; a table component named in plain text
 * would get no CREATE TABLE and fail at runtime ("Object '...' not found"), so the job reports it
 * at preview. Literals and comments are skipped; back-quoted names are unquoted; qualified names
 * (`catalog.db.table`) are left alone, since they name a catalog's table on purpose.
 */

const KEYWORDS = new Set(["FROM", "JOIN", "INTO", "TABLE"]);

/** `[A-Za-z_]`: a character that starts an unquoted name. */
function isNameStart(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_";
}

/** Unqualified names in table position, in order of appearance. */
export function tableMentions(text: string): string[] {
  const tokens: { word: string; quoted: boolean }[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'") {
      i++;
      while (i < text.length && !(text[i] === "'" && text[i + 1] !== "'")) i += text[i] === "'" ? 2 : 1;
      i++;
      tokens.push({ word: "'", quoted: false });
    } else if ((c === "-" && text[i + 1] === "-") || (c === "/" && text[i + 1] === "/")) {
      while (i < text.length && text[i] !== "\n" && text[i] !== "\r") i++;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === "`") {
      let name = "";
      i++;
      while (i < text.length) {
        if (text[i] === "`" && text[i + 1] === "`") {
          name += "`";
          i += 2;
        } else if (text[i] === "`") break;
        else name += text[i++];
      }
      i++;
      tokens.push({ word: name, quoted: true });
    } else if (isNameStart(c)) {
      let j = i + 1;
      while (j < text.length && (isNameStart(text[j]!) || (text[j]! >= "0" && text[j]! <= "9") || text[j] === "$")) j++;
      tokens.push({ word: text.slice(i, j), quoted: false });
      i = j;
    } else if (c === ".") {
      tokens.push({ word: ".", quoted: false });
      i++;
    } else if (/\s/.test(c)) i++;
    else {
      tokens.push({ word: c, quoted: false });
      i++;
    }
  }
  const out: string[] = [];
  tokens.forEach((t, k) => {
    const prev = tokens[k - 1];
    if (!prev || prev.quoted || !KEYWORDS.has(prev.word.toUpperCase())) return;
    if (!t.quoted && !/^[A-Za-z_]/.test(t.word)) return;
    if (tokens[k + 1]?.word === ".") return; // qualified name
    out.push(t.word);
  });
  return out;
}
