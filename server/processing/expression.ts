import type { AttributeType } from '../../model';

/**
 * A safe evaluator for computed-attribute expressions: the JEXL subset Traccar users write.
 * Hand-written tokenizer and Pratt parser to an AST, then a tree-walking evaluator over a variable
 * scope. Nothing reaches `eval`/`Function`, no host object is ever called, and
 * member access only reads own data properties of plain objects and arrays, so an expression can
 * neither run code nor reach a prototype.
 *
 * Deliberate differences from JEXL: numbers are IEEE doubles, so `5 / 2` is 2.5 (JEXL does integer
 * division on two integer operands); no `new`, loops, assignments, lambdas or regex operators.
 */

export const MAX_EXPRESSION_LENGTH = 4000;
export const MAX_EXPRESSION_DEPTH = 64;

/**
 * Limits of one evaluation, so an expression that parses cannot exhaust the server: no string
 * (intermediate or final) longer than 64 Ki characters, at most so many evaluation steps (one per
 * node; the parser's limits keep real expressions far below), and at most so much wall time.
 */
export const MAX_STRING_LENGTH = 64 * 1024;
export const MAX_EVALUATION_STEPS = 10_000;
export const MAX_EVALUATION_MS = 50;

export class ExpressionError extends Error {
  constructor(
    message: string,
    /** Character offset in the source, when the error is tied to one. */
    readonly index?: number,
  ) {
    super(index === undefined ? message : `${message} at position ${index + 1}`);
    this.name = 'ExpressionError';
  }
}

/** An expression that parses but went over a limit of one evaluation while running. */
export class ExpressionLimitError extends ExpressionError {
  constructor(message: string, index?: number) {
    super(message, index);
    this.name = 'ExpressionLimitError';
  }
}

// ---------------------------------------------------------------- tokens

type TokenType = 'number' | 'string' | 'ident' | 'op' | 'eof';

interface Token {
  type: TokenType;
  value: string;
  index: number;
}

/** Longest first, so `<=` is not read as `<` then `=`. */
const OPERATORS = [
  '&&',
  '||',
  '==',
  '!=',
  '<=',
  '>=',
  '<<',
  '>>',
  '??',
  '(',
  ')',
  '[',
  ']',
  '.',
  ',',
  '?',
  ':',
  '!',
  '-',
  '+',
  '*',
  '/',
  '%',
  '<',
  '>',
  '&',
  '|',
  '^',
  '~',
];

/** Word operators that JEXL spells out; they cannot be variable names. */
const WORD_OPERATORS: Record<string, string> = {
  and: '&&',
  or: '||',
  not: '!',
  eq: '==',
  ne: '!=',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
  div: '/',
  mod: '%',
};

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  '\\': '\\',
  "'": "'",
  '"': '"',
};

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const start = i;
    if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const match = /^(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(source.slice(i));
      // The regex always matches here because of the guard above.
      const text = match![0];
      i += text.length;
      // JEXL/Java literal suffixes (1L, 2.0d) are accepted and ignored.
      if (/[lLdDfF]/.test(source[i] ?? '') && !/[\w$]/.test(source[i + 1] ?? '')) i++;
      if (/[\w$]/.test(source[i] ?? '')) {
        throw new ExpressionError(`Invalid number '${source.slice(start, i + 1)}'`, start);
      }
      tokens.push({ type: 'number', value: text, index: start });
      continue;
    }
    if (ch === '"' || ch === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= source.length) throw new ExpressionError('Unterminated string', start);
        const c = source[i];
        if (c === ch) {
          i++;
          break;
        }
        if (c === '\\') {
          const next = source[i + 1];
          if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(i + 2, i + 6))) {
            value += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
            i += 6;
            continue;
          }
          if (next === undefined || !(next in ESCAPES)) {
            throw new ExpressionError(`Invalid escape '\\${next ?? ''}'`, i);
          }
          value += ESCAPES[next];
          i += 2;
          continue;
        }
        value += c;
        i++;
      }
      tokens.push({ type: 'string', value, index: start });
      continue;
    }
    if (/[A-Za-z_$]/.test(ch)) {
      const text = /^[A-Za-z_$][\w$]*/.exec(source.slice(i))![0];
      i += text.length;
      const word = Object.hasOwn(WORD_OPERATORS, text) ? WORD_OPERATORS[text] : undefined;
      tokens.push(
        word
          ? { type: 'op', value: word, index: start }
          : { type: 'ident', value: text, index: start },
      );
      continue;
    }
    const op = OPERATORS.find((candidate) => source.startsWith(candidate, i));
    if (!op) throw new ExpressionError(`Unexpected character '${ch}'`, i);
    tokens.push({ type: 'op', value: op, index: start });
    i += op.length;
  }
  tokens.push({ type: 'eof', value: '', index: source.length });
  return tokens;
}

// ---------------------------------------------------------------- AST

export type Node =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'ident'; name: string; index: number }
  | { kind: 'member'; object: Node; property: Node; index: number }
  | { kind: 'function'; name: string; args: Node[]; index: number }
  | { kind: 'method'; object: Node; name: string; args: Node[]; index: number }
  | { kind: 'unary'; op: string; operand: Node; index: number }
  | { kind: 'binary'; op: string; left: Node; right: Node; index: number }
  | { kind: 'conditional'; test: Node; consequent: Node; alternate: Node }
  | { kind: 'elvis'; left: Node; right: Node };

/** Left binding power of each infix operator; higher binds tighter. */
const INFIX_POWER: Record<string, number> = {
  '?': 1,
  '??': 2,
  '||': 3,
  '&&': 4,
  '|': 5,
  '^': 6,
  '&': 7,
  '==': 8,
  '!=': 8,
  '<': 9,
  '<=': 9,
  '>': 9,
  '>=': 9,
  '<<': 10,
  '>>': 10,
  '+': 11,
  '-': 11,
  '*': 12,
  '/': 12,
  '%': 12,
};
const PREFIX_POWER = 13;
const POSTFIX_POWER = 14;

/** Namespaces whose functions may be called: `Math.abs(x)` and JEXL's `math:abs(x)`. */
const FUNCTION_NAMESPACES = new Set(['Math', 'math']);

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const node = this.expression(0);
    const token = this.peek();
    if (token.type !== 'eof') this.unexpected(token);
    return node;
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)];
  }

  private next(): Token {
    const token = this.peek();
    this.pos++;
    return token;
  }

  private isOp(value: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.type === 'op' && token.value === value;
  }

  private expect(value: string): Token {
    const token = this.next();
    if (token.type !== 'op' || token.value !== value) {
      throw new ExpressionError(`Expected '${value}' but found ${describe(token)}`, token.index);
    }
    return token;
  }

  private unexpected(token: Token): never {
    throw new ExpressionError(`Unexpected ${describe(token)}`, token.index);
  }

  private enter(index: number) {
    if (++this.depth > MAX_EXPRESSION_DEPTH) {
      throw new ExpressionError(`Expression nested deeper than ${MAX_EXPRESSION_DEPTH}`, index);
    }
  }

  private expression(minPower: number): Node {
    this.enter(this.peek().index);
    let left = this.prefix();
    for (;;) {
      const token = this.peek();
      if (token.type !== 'op') break;
      const power = INFIX_POWER[token.value];
      if (power === undefined || power <= minPower) break;
      this.next();
      if (token.value === '?') {
        // `a ?: b` (elvis) or `a ? b : c`; both associate to the right.
        if (this.isOp(':')) {
          this.next();
          left = { kind: 'elvis', left, right: this.expression(power - 1) };
        } else {
          const consequent = this.expression(0);
          this.expect(':');
          left = {
            kind: 'conditional',
            test: left,
            consequent,
            alternate: this.expression(power - 1),
          };
        }
      } else {
        left = {
          kind: 'binary',
          op: token.value,
          left,
          right: this.expression(power),
          index: token.index,
        };
      }
    }
    this.depth--;
    return left;
  }

  private prefix(): Node {
    const token = this.next();
    switch (token.type) {
      case 'number':
        return this.postfix({ kind: 'literal', value: Number(token.value) });
      case 'string':
        return this.postfix({ kind: 'literal', value: token.value });
      case 'ident':
        return this.postfix(this.identifier(token));
      case 'op':
        if (token.value === '(') {
          const inner = this.expression(0);
          this.expect(')');
          return this.postfix(inner);
        }
        if (['!', '-', '+', '~'].includes(token.value)) {
          this.enter(token.index);
          const operand = this.expression(PREFIX_POWER - 1);
          this.depth--;
          return { kind: 'unary', op: token.value, operand, index: token.index };
        }
        return this.unexpected(token);
      case 'eof':
        throw new ExpressionError('Unexpected end of expression', token.index);
    }
  }

  private identifier(token: Token): Node {
    switch (token.value) {
      case 'true':
        return { kind: 'literal', value: true };
      case 'false':
        return { kind: 'literal', value: false };
      case 'null':
        return { kind: 'literal', value: null };
      case 'new':
      case 'function':
      case 'var':
      case 'return':
      case 'while':
      case 'for':
      case 'if':
        throw new ExpressionError(`'${token.value}' is not allowed`, token.index);
    }
    if (FUNCTION_NAMESPACES.has(token.value)) {
      const separator = this.peek();
      const name = this.peek(1);
      if (
        separator.type === 'op' &&
        (separator.value === '.' || separator.value === ':') &&
        name.type === 'ident' &&
        this.isOp('(', 2)
      ) {
        this.pos += 2;
        return {
          kind: 'function',
          name: `Math.${name.value}`,
          args: this.args(),
          index: token.index,
        };
      }
    }
    if (this.isOp('(')) {
      return { kind: 'function', name: token.value, args: this.args(), index: token.index };
    }
    return { kind: 'ident', name: token.value, index: token.index };
  }

  private args(): Node[] {
    this.expect('(');
    const args: Node[] = [];
    if (!this.isOp(')')) {
      do {
        args.push(this.expression(0));
      } while (this.isOp(',') && this.next());
    }
    this.expect(')');
    return args;
  }

  private postfix(node: Node): Node {
    let result = node;
    let chained = 0;
    for (;;) {
      if (this.isOp('.')) {
        const dot = this.next();
        const name = this.next();
        if (name.type !== 'ident') {
          throw new ExpressionError(`Expected a name after '.'`, name.index);
        }
        if (this.isOp('(')) {
          result = {
            kind: 'method',
            object: result,
            name: name.value,
            args: this.args(),
            index: name.index,
          };
        } else {
          result = {
            kind: 'member',
            object: result,
            property: { kind: 'literal', value: name.value },
            index: dot.index,
          };
        }
      } else if (this.isOp('[')) {
        const open = this.next();
        const property = this.expression(0);
        this.expect(']');
        result = { kind: 'member', object: result, property, index: open.index };
      } else {
        return result;
      }
      // Each link of a chain is one level of evaluator recursion.
      if (++chained + this.depth > MAX_EXPRESSION_DEPTH + POSTFIX_POWER) {
        throw new ExpressionError(`Expression nested deeper than ${MAX_EXPRESSION_DEPTH}`);
      }
    }
  }
}

function describe(token: Token): string {
  if (token.type === 'eof') return 'end of expression';
  if (token.type === 'string') return `string "${token.value}"`;
  return `'${token.value}'`;
}

/** Parses to an AST; throws `ExpressionError` on bad syntax or when over the length/depth limits. */
export function parseExpression(source: string): Node {
  if (typeof source !== 'string') throw new ExpressionError('Expression must be a string');
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new ExpressionError(`Expression longer than ${MAX_EXPRESSION_LENGTH} characters`);
  }
  if (source.trim() === '') throw new ExpressionError('Expression is empty');
  return new Parser(tokenize(source)).parse();
}

// ---------------------------------------------------------------- evaluation

export type Scope = ReadonlyMap<string, unknown> | Readonly<Record<string, unknown>>;

/** Never readable, whatever object they are asked of. */
const FORBIDDEN_PROPERTIES = new Set(['__proto__', 'constructor', 'prototype']);

const DECIMAL_RE = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

function lookup(scope: Scope, name: string): { found: boolean; value: unknown } {
  if (scope instanceof Map) {
    return scope.has(name)
      ? { found: true, value: scope.get(name) }
      : { found: false, value: undefined };
  }
  const record = scope as Readonly<Record<string, unknown>>;
  return Object.hasOwn(record, name)
    ? { found: true, value: record[name] }
    : { found: false, value: undefined };
}

function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function toNumber(value: unknown, what: string, index?: number): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && DECIMAL_RE.test(value)) return Number(value);
  throw new ExpressionError(`${what} needs a number, got ${typeName(value)}`, index);
}

/** JEXL truthiness: null, 0, "" and "false" are false. */
export function toBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (value === null || value === undefined) return false;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value !== '' && value !== 'false';
  return true;
}

function toText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Called with the length a string WOULD have, before it is built. */
function checkLength(length: number, index?: number): void {
  if (length > MAX_STRING_LENGTH) {
    throw new ExpressionLimitError(`String longer than ${MAX_STRING_LENGTH} characters`, index);
  }
}

function looseEquals(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (a === null || b === null) return a === b;
  if (typeof a === typeof b) return a === b;
  if (typeof a === 'number' && typeof b === 'string') {
    return DECIMAL_RE.test(b) && a === Number(b);
  }
  if (typeof a === 'string' && typeof b === 'number') return looseEquals(b, a);
  if (typeof a === 'boolean' && typeof b === 'string') return String(a) === b;
  if (typeof a === 'string' && typeof b === 'boolean') return a === String(b);
  return false;
}

function compare(op: string, a: unknown, b: unknown, index: number): boolean {
  let left: number | string;
  let right: number | string;
  if (typeof a === 'string' && typeof b === 'string') {
    left = a;
    right = b;
  } else if (a === null || a === undefined || b === null || b === undefined) {
    throw new ExpressionError(`Cannot compare null with '${op}'`, index);
  } else {
    left = toNumber(a, `'${op}'`, index);
    right = toNumber(b, `'${op}'`, index);
  }
  switch (op) {
    case '<':
      return left < right;
    case '<=':
      return left <= right;
    case '>':
      return left > right;
    default:
      return left >= right;
  }
}

function toInteger(value: unknown, op: string, index: number): bigint {
  const number = toNumber(value, `'${op}'`, index);
  if (!Number.isSafeInteger(number)) {
    throw new ExpressionError(`'${op}' needs whole numbers, got ${number}`, index);
  }
  return BigInt(number);
}

function bitwise(op: string, a: unknown, b: unknown, index: number): number {
  const left = toInteger(a, op, index);
  const right = toInteger(b, op, index);
  let result: bigint;
  switch (op) {
    case '&':
      result = left & right;
      break;
    case '|':
      result = left | right;
      break;
    case '^':
      result = left ^ right;
      break;
    default: {
      if (right < 0n || right > 63n)
        throw new ExpressionError(`Shift out of range: ${right}`, index);
      result = op === '<<' ? BigInt.asIntN(64, left << right) : left >> right;
    }
  }
  return Number(result);
}

function arithmetic(op: string, a: unknown, b: unknown, index: number): unknown {
  if (op === '+' && (typeof a === 'string' || typeof b === 'string')) {
    if (a === null || a === undefined || b === null || b === undefined) {
      throw new ExpressionError(`'+' on null`, index);
    }
    const left = toText(a);
    const right = toText(b);
    checkLength(left.length + right.length, index);
    return left + right;
  }
  const left = toNumber(a, `'${op}'`, index);
  const right = toNumber(b, `'${op}'`, index);
  switch (op) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      if (right === 0) throw new ExpressionError('Division by zero', index);
      return left / right;
    default:
      if (right === 0) throw new ExpressionError('Division by zero', index);
      return left % right;
  }
}

type MathFunction = (...args: number[]) => number;

const MATH_FUNCTIONS: Record<string, { fn: MathFunction; min: number; max: number }> = {
  abs: { fn: Math.abs, min: 1, max: 1 },
  min: { fn: Math.min, min: 1, max: 16 },
  max: { fn: Math.max, min: 1, max: 16 },
  // Java's Math.round rounds half up, which is what JS's Math.round also does.
  round: { fn: Math.round, min: 1, max: 1 },
  floor: { fn: Math.floor, min: 1, max: 1 },
  ceil: { fn: Math.ceil, min: 1, max: 1 },
  sqrt: { fn: Math.sqrt, min: 1, max: 1 },
  cbrt: { fn: Math.cbrt, min: 1, max: 1 },
  pow: { fn: Math.pow, min: 2, max: 2 },
  exp: { fn: Math.exp, min: 1, max: 1 },
  log: { fn: Math.log, min: 1, max: 1 },
  log10: { fn: Math.log10, min: 1, max: 1 },
  sin: { fn: Math.sin, min: 1, max: 1 },
  cos: { fn: Math.cos, min: 1, max: 1 },
  tan: { fn: Math.tan, min: 1, max: 1 },
  asin: { fn: Math.asin, min: 1, max: 1 },
  acos: { fn: Math.acos, min: 1, max: 1 },
  atan: { fn: Math.atan, min: 1, max: 1 },
  atan2: { fn: Math.atan2, min: 2, max: 2 },
  hypot: { fn: Math.hypot, min: 2, max: 2 },
  signum: { fn: Math.sign, min: 1, max: 1 },
  toRadians: { fn: (x) => (x * Math.PI) / 180, min: 1, max: 1 },
  toDegrees: { fn: (x) => (x * 180) / Math.PI, min: 1, max: 1 },
};

function arity(name: string, args: unknown[], min: number, max: number, index: number) {
  if (args.length < min || args.length > max) {
    const expected = min === max ? `${min}` : `${min} to ${max}`;
    throw new ExpressionError(`${name}() takes ${expected} argument(s), got ${args.length}`, index);
  }
}

function callFunction(name: string, args: unknown[], index: number): unknown {
  if (name.startsWith('Math.')) {
    const short = name.slice(5);
    const entry = Object.hasOwn(MATH_FUNCTIONS, short) ? MATH_FUNCTIONS[short] : undefined;
    if (!entry) throw new ExpressionError(`Unknown function ${name}`, index);
    arity(name, args, entry.min, entry.max, index);
    return entry.fn(...args.map((arg) => toNumber(arg, `${name}()`, index)));
  }
  switch (name) {
    case 'size': {
      arity(name, args, 1, 1, index);
      const [value] = args;
      if (typeof value === 'string' || Array.isArray(value)) return value.length;
      if (isPlainObject(value)) return Object.keys(value).length;
      if (value === null || value === undefined) return 0;
      throw new ExpressionError(`size() of ${typeName(value)}`, index);
    }
    case 'empty': {
      arity(name, args, 1, 1, index);
      const [value] = args;
      if (value === null || value === undefined) return true;
      if (typeof value === 'string' || Array.isArray(value)) return value.length === 0;
      if (isPlainObject(value)) return Object.keys(value).length === 0;
      return false;
    }
    default:
      throw new ExpressionError(`Unknown function ${name}`, index);
  }
}

function stringArg(args: unknown[], i: number, method: string, index: number): string {
  const value = args[i];
  if (typeof value !== 'string') {
    throw new ExpressionError(`${method}() needs a string argument, got ${typeName(value)}`, index);
  }
  return value;
}

/** A string method: its argument count bounds and its call (`arg(i)` reads a string argument). */
type StringMethod = [
  min: number,
  max: number,
  call: (target: string, arg: (i: number) => string, args: unknown[], index: number) => unknown,
];

const STRING_METHODS = new Map<string, StringMethod>([
  ['contains', [1, 1, (target, arg) => target.includes(arg(0))]],
  ['startsWith', [1, 1, (target, arg) => target.startsWith(arg(0))]],
  ['endsWith', [1, 1, (target, arg) => target.endsWith(arg(0))]],
  ['indexOf', [1, 1, (target, arg) => target.indexOf(arg(0))]],
  ['equals', [1, 1, (target, _arg, args) => target === args[0]]],
  ['equalsIgnoreCase', [1, 1, equalsIgnoreCase]],
  ['toLowerCase', [0, 0, (target) => target.toLowerCase()]],
  ['toUpperCase', [0, 0, (target) => target.toUpperCase()]],
  ['trim', [0, 0, (target) => target.trim()]],
  ['length', [0, 0, (target) => target.length]],
  ['isEmpty', [0, 0, (target) => target.length === 0]],
  ['replace', [2, 2, replaceAll]],
  ['substring', [1, 2, substring]],
]);

/** Java's String.replace: every occurrence, refused before a too long result is built. */
function replaceAll(target: string, arg: (i: number) => string, _args: unknown[], index: number) {
  const search = arg(0);
  const by = arg(1);
  const parts = target.split(search);
  checkLength(target.length + (parts.length - 1) * (by.length - search.length), index);
  return parts.join(by);
}

function equalsIgnoreCase(target: string, _arg: unknown, args: unknown[]): boolean {
  return typeof args[0] === 'string' && target.toLowerCase() === args[0].toLowerCase();
}

function substring(target: string, _arg: unknown, args: unknown[], index: number): string {
  const start = toNumber(args[0], 'substring()', index);
  const end = args.length > 1 ? toNumber(args[1], 'substring()', index) : target.length;
  if (
    !Number.isInteger(start) ||
    !Number.isInteger(end) ||
    start < 0 ||
    end > target.length ||
    start > end
  ) {
    throw new ExpressionError(`substring(${start}, ${end}) out of range`, index);
  }
  return target.substring(start, end);
}

function callMethod(target: unknown, name: string, args: unknown[], index: number): unknown {
  const method = typeof target === 'string' ? STRING_METHODS.get(name) : undefined;
  if (typeof target === 'string' && method) {
    const [min, max, call] = method;
    arity(name, args, min, max, index);
    const result = call(target, (i) => stringArg(args, i, name, index), args, index);
    // Case mapping can lengthen a string (ß → SS).
    if (typeof result === 'string') checkLength(result.length, index);
    return result;
  }
  if (typeof target === 'number') {
    switch (name) {
      case 'intValue':
      case 'longValue':
        arity(name, args, 0, 0, index);
        return Math.trunc(target);
      case 'doubleValue':
        arity(name, args, 0, 0, index);
        return target;
    }
  }
  throw new ExpressionError(`Unknown method ${name}() on ${typeName(target)}`, index);
}

function readMember(target: unknown, key: unknown, index: number): unknown {
  if (Array.isArray(target)) {
    if (key === 'length') return target.length;
    const i = toNumber(key, 'Array index', index);
    if (!Number.isInteger(i) || i < 0 || i >= target.length) {
      throw new ExpressionError(`Array index ${i} out of range`, index);
    }
    return target[i];
  }
  if (isPlainObject(target)) {
    if (typeof key !== 'string' && typeof key !== 'number') {
      throw new ExpressionError(`Property name must be a string, got ${typeName(key)}`, index);
    }
    const name = String(key);
    if (FORBIDDEN_PROPERTIES.has(name))
      throw new ExpressionError(`Property '${name}' is not allowed`, index);
    if (!Object.hasOwn(target, name))
      throw new ExpressionError(`Undefined property '${name}'`, index);
    const descriptor = Object.getOwnPropertyDescriptor(target, name);
    // Only plain data: a getter would run host code.
    if (!descriptor || !('value' in descriptor)) {
      throw new ExpressionError(`Property '${name}' is not readable`, index);
    }
    return descriptor.value;
  }
  throw new ExpressionError(`Cannot read property of ${typeName(target)}`, index);
}

class UndefinedVariable extends ExpressionError {}

/** One evaluation: its variables and what it has used of its limits. */
interface Run {
  readonly scope: Scope;
  steps: number;
  readonly maxSteps: number;
  readonly maxMs: number;
  readonly deadline: number;
  readonly now: () => number;
}

function step(run: Run): void {
  if (++run.steps > run.maxSteps) {
    throw new ExpressionLimitError(`Expression took more than ${run.maxSteps} steps`);
  }
  if (run.now() > run.deadline) {
    throw new ExpressionLimitError(`Expression ran longer than ${run.maxMs} ms`);
  }
}

function evaluateNode(node: Node, run: Run): unknown {
  step(run);
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'ident': {
      const { found, value } = lookup(run.scope, node.name);
      // Strict like Traccar's JEXL: a missing variable is an error, not a silent null.
      if (!found) throw new UndefinedVariable(`Undefined variable '${node.name}'`, node.index);
      return value === undefined ? null : value;
    }
    case 'member':
      return readMember(
        evaluateNode(node.object, run),
        evaluateNode(node.property, run),
        node.index,
      );
    case 'function':
      return callFunction(
        node.name,
        node.args.map((arg) => evaluateNode(arg, run)),
        node.index,
      );
    case 'method': {
      const target = evaluateNode(node.object, run);
      return callMethod(
        target,
        node.name,
        node.args.map((arg) => evaluateNode(arg, run)),
        node.index,
      );
    }
    case 'unary': {
      const value = evaluateNode(node.operand, run);
      switch (node.op) {
        case '!':
          return !toBoolean(value);
        case '-':
          return -toNumber(value, "'-'", node.index);
        case '+':
          return toNumber(value, "'+'", node.index);
        default:
          return Number(~toInteger(value, '~', node.index));
      }
    }
    case 'conditional':
      return toBoolean(evaluateNode(node.test, run))
        ? evaluateNode(node.consequent, run)
        : evaluateNode(node.alternate, run);
    case 'elvis': {
      const left = evaluateOrNull(node.left, run);
      return toBoolean(left) ? left : evaluateNode(node.right, run);
    }
    case 'binary':
      return evaluateBinary(node, run);
  }
}

/** For `??` and `?:`, whose point is a fallback when the left side is missing. */
function evaluateOrNull(node: Node, run: Run): unknown {
  try {
    return evaluateNode(node, run);
  } catch (error) {
    if (error instanceof UndefinedVariable) return null;
    throw error;
  }
}

function evaluateBinary(node: Extract<Node, { kind: 'binary' }>, run: Run): unknown {
  const { op, index } = node;
  switch (op) {
    case '&&':
      return toBoolean(evaluateNode(node.left, run)) && toBoolean(evaluateNode(node.right, run));
    case '||':
      return toBoolean(evaluateNode(node.left, run)) || toBoolean(evaluateNode(node.right, run));
    case '??': {
      const left = evaluateOrNull(node.left, run);
      return left === null || left === undefined ? evaluateNode(node.right, run) : left;
    }
  }
  const left = evaluateNode(node.left, run);
  const right = evaluateNode(node.right, run);
  switch (op) {
    case '==':
      return looseEquals(left, right);
    case '!=':
      return !looseEquals(left, right);
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compare(op, left, right, index);
    case '&':
    case '|':
    case '^':
    case '<<':
    case '>>':
      return bitwise(op, left, right, index);
    default:
      return arithmetic(op, left, right, index);
  }
}

export interface EvaluationLimits {
  maxSteps?: number;
  maxMs?: number;
  /** Milliseconds clock; tests drive it. Default `performance.now`. */
  now?: () => number;
}

export interface CompiledExpression {
  readonly source: string;
  readonly ast: Node;
  /** Throws `ExpressionError`, or `ExpressionLimitError` when over a limit of one evaluation. */
  evaluate(scope: Scope, limits?: EvaluationLimits): unknown;
}

/** Parses once; the result can be evaluated against many scopes. */
export function compileExpression(source: string): CompiledExpression {
  const ast = parseExpression(source);
  return {
    source,
    ast,
    evaluate: (scope, limits = {}) => {
      const now = limits.now ?? (() => performance.now());
      const maxMs = limits.maxMs ?? MAX_EVALUATION_MS;
      const run: Run = {
        scope,
        steps: 0,
        maxSteps: limits.maxSteps ?? MAX_EVALUATION_STEPS,
        maxMs,
        deadline: now() + maxMs,
        now,
      };
      const value = evaluateNode(ast, run);
      return value === undefined ? null : value;
    },
  };
}

export function evaluateExpression(source: string, scope: Scope): unknown {
  return compileExpression(source).evaluate(scope);
}

/**
 * Casts a result to the attribute's declared type as Traccar does: `number` and `boolean` must
 * already be that type (no silent coercion of "abc" to NaN), anything else becomes its text.
 * Null stays null, which means "remove the attribute".
 */
export function castResult(
  value: unknown,
  type: AttributeType | string,
): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        throw new ExpressionError(`Result is ${typeName(value)} ${toText(value)}, not a number`);
      }
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') {
        throw new ExpressionError(`Result is ${typeName(value)}, not a boolean`);
      }
      return value;
    default:
      return toText(value);
  }
}

export interface ScopePosition {
  [field: string]: unknown;
  attributes?: Record<string, unknown>;
}

/**
 * The variables an expression sees: every attribute flattened in by name, then every position
 * field (fields win on a clash), plus `attributes` itself. Optional extras: the previous position's
 * values with a `last` prefix and the device's attributes.
 */
export function buildScope(
  position: ScopePosition,
  extras: { last?: ScopePosition | null; deviceAttributes?: Record<string, unknown> } = {},
): Map<string, unknown> {
  const scope = new Map<string, unknown>();
  if (extras.deviceAttributes) {
    for (const [key, value] of Object.entries(extras.deviceAttributes)) scope.set(key, value);
  }
  if (extras.last) {
    for (const [key, value] of flatten(extras.last)) {
      scope.set(`last${key.charAt(0).toUpperCase()}${key.slice(1)}`, value);
    }
  }
  for (const [key, value] of flatten(position)) scope.set(key, value);
  scope.set('attributes', position.attributes ?? {});
  return scope;
}

function flatten(position: ScopePosition): Map<string, unknown> {
  const result = new Map<string, unknown>();
  for (const [key, value] of Object.entries(position.attributes ?? {})) result.set(key, value);
  for (const [key, value] of Object.entries(position)) {
    if (key !== 'attributes') result.set(key, value);
  }
  return result;
}
