// The formula parser's complaints (HyperFormula's grammar: "Expecting token of type --> RParen
// <-- but found --> '' <--") told as a person would: what is missing or extra, and where. The
// designer and the template check show them beside the formula; no token name reaches a user.

/** What the parser's token names stand for, in words. */
const TOKENS: Record<string, string> = {
  RParen: 'a closing bracket ")"',
  LParen: 'an opening bracket "("',
  ArrayRParen: 'a closing brace "}"',
  ArrayLParen: 'an opening brace "{"',
  ArgSeparator: 'a comma between the arguments',
  EOF: 'the end of the formula',
};

/** What the parser found, in words: the end of the formula, or the text quoted. */
const found = (text: string) => (text === '' ? 'the formula ends' : `it finds "${text}"`);

/** The parser's message without its "Parsing error." prefix, as a sentence a template designer can act on. */
export function parseProblemInWords(message: string): string {
  const raw = message.replace(/^Parsing error\.\s*/, '').trim();
  let m = /^Expecting token of type --> (\w+) <-- but found --> '([^]*)' <--$/.exec(raw);
  if (m) {
    const wanted = TOKENS[m[1]!] ?? 'something else';
    if (m[1] === 'RParen' && m[2] === ';') return 'Separate the arguments with commas ",", not semicolons ";".';
    return `${wanted[0]!.toUpperCase()}${wanted.slice(1)} is missing: ${found(m[2]!)} there instead. Check the brackets and commas.`;
  }
  m = /^Redundant input, expecting EOF but found: ([^]*)$/.exec(raw);
  if (m) return m[1] === ')' ? 'There is a closing bracket ")" too many.' : `The formula goes on after it is complete: "${m[1]}" is extra (an operator or a comma may be missing before it).`;
  m = /^Expecting: one of these possible Token sequences:[^]*but found: '([^]*)'$/.exec(raw);
  if (m) return m[1] === '' ? 'The formula ends where a value, a cell or a function is expected.' : `A value, a cell or a function is expected where it finds "${m[1]}".`;
  m = /^unexpected character: ->([^]*)<- at offset: (\d+)/.exec(raw);
  if (m) return m[1] === '"' ? 'A text in quotes is not closed: add the closing quote ".' : `The character "${m[1]}" cannot be read at position ${Number(m[2]) + 1}.`;
  return 'Check the brackets, commas and operators.';
}
