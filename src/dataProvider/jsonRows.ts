/**
 * Counts the elements of a JSON array as its text arrives in pieces, without parsing it: a report
 * of 100,000 positions can say how many have arrived while the rest is still on its way. Only
 * elements that are objects or arrays are counted (every report row is an object).
 */
export class JsonArrayCounter {
  rows = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;

  feed(text: string): void {
    let { depth, inString, escaped, rows } = this;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === 0x5c) escaped = true;
        else if (code === 0x22) inString = false;
      } else if (code === 0x22) {
        inString = true;
      } else if (code === 0x7b || code === 0x5b) {
        depth++;
      } else if (code === 0x7d || code === 0x5d) {
        depth--;
        if (depth === 1) rows++;
      }
    }
    Object.assign(this, { depth, inString, escaped, rows });
  }
}
