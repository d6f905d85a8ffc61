/**
 * Reading SQL code at the top level of its parentheses and brackets: splitting a list on its
 * top-level commas, finding the parenthesis that closes another, and a back-quoted identifier's
 * name. The code is statement text with literals and comments blanked (split.ts `codeOnly`), so
 * a parenthesis inside a string or a comment is none.
 */

/** `a`, `` `a``b` `` → the identifier's name. */
export function unquoteIdentifier(text: string): string {
  const t = text.trim();
  return t.startsWith("`") && t.endsWith("`") && t.length >= 2 ? t.slice(1, -1).replace(/``/g, "`") : t;
}

/**
 * code[start, end) with everything inside parentheses and brackets, the brackets included, blanked
 * (same length, so offsets stay): what is left is the top level. undefined when they do not balance.
 */
export function topLevelOnly(code: string, start: number, end: number): string | undefined {
  let depth = 0;
  let flat = "";
  for (let i = start; i < end; i++) {
    const c = code[i]!;
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") {
      if (--depth < 0) return undefined;
      flat += " ";
      continue;
    }
    flat += depth === 0 ? c : " ";
  }
  return depth === 0 ? flat : undefined;
}

/** The `[start, end)` ranges of the top-level comma-separated parts of code[start, end), or undefined when unbalanced. */
export function topLevelSplit(code: string, start: number, end: number): [number, number][] | undefined {
  const flat = topLevelOnly(code, start, end);
  if (flat === undefined) return undefined;
  const parts: [number, number][] = [];
  let from = start;
  for (let i = flat.indexOf(","); i >= 0; i = flat.indexOf(",", i + 1)) {
    parts.push([from, start + i]);
    from = start + i + 1;
  }
  parts.push([from, end]);
  return parts;
}

/** The offset of the `)` that closes the `(` at `open`, or -1. */
export function closingParen(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === "(" || c === "[") depth++;
    else if ((c === ")" || c === "]") && --depth === 0) return i;
  }
  return -1;
}
