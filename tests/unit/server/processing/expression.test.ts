import { describe, expect, it } from 'vitest';
import {
  ExpressionError,
  ExpressionLimitError,
  MAX_EXPRESSION_DEPTH,
  MAX_EXPRESSION_LENGTH,
  MAX_STRING_LENGTH,
  buildScope,
  castResult,
  compileExpression,
  evaluateExpression,
  parseExpression,
  toBoolean,
} from '../../../../server/processing/expression';
import type { Scope } from '../../../../server/processing/expression';

const position = {
  id: 7,
  deviceId: 3,
  latitude: -23.55,
  longitude: -46.63,
  speed: 30,
  course: 90,
  valid: true,
  protocol: 'osmand',
  address: null,
  attributes: {
    ignition: true,
    power: 12.6,
    io1: 5,
    adc1: '2048',
    alarm: 'sos,door',
    driverUniqueId: 'DRV-42',
    fuel: { tank1: 40, tank2: 15 },
    temps: [21.5, 22, 19],
  },
};

const scope = buildScope(position);
const run = (source: string) => evaluateExpression(source, scope);

function errorOf(source: string, s: Scope = scope): ExpressionError {
  try {
    evaluateExpression(source, s);
  } catch (error) {
    expect(error).toBeInstanceOf(ExpressionError);
    return error as ExpressionError;
  }
  throw new Error(`expected an error from ${source}`);
}

describe('literals and arithmetic', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['2 * 3 % 4', 2],
    ['7 / 2', 3.5],
    ['-3 + +2', -1],
    ['- -3', 3],
    ['1.5e2', 150],
    ['.5 + 1', 1.5],
    ['10L + 2.5d', 12.5],
    ['7 mod 4', 3],
    ['8 div 2', 4],
  ])('%s = %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('concatenates strings with +, numbers turned to text', () => {
    expect(run(`'v=' + speed`)).toBe('v=30');
    expect(run(`"a" + 'b'`)).toBe('ab');
    expect(run(`'it\\'s \\u0041\\n'`)).toBe("it's A\n");
  });

  it('coerces numeric strings in arithmetic, as JEXL does', () => {
    expect(run('adc1 * 2')).toBe(4096);
  });

  it('refuses division by zero and non-numeric arithmetic', () => {
    expect(errorOf('1 / 0').message).toMatch(/Division by zero/);
    expect(errorOf('5 % 0').message).toMatch(/Division by zero/);
    expect(errorOf(`'abc' * 2`).message).toMatch(/needs a number, got string/);
    expect(errorOf('address - 1').message).toMatch(/got null/);
    expect(errorOf('ignition + 1').message).toMatch(/got boolean/);
  });
});

describe('comparison, equality and logic', () => {
  it.each([
    ['speed > 20', true],
    ['speed gt 30', false],
    ['speed >= 30 && speed le 30', true],
    ['speed < 10 || power > 12', true],
    ['speed lt 10 or power lt 12', false],
    ['not ignition', false],
    ['!ignition', false],
    ['!!ignition', true],
    ['speed == 30', true],
    ['speed eq 30.0', true],
    ['speed != 30', false],
    [`speed == '30'`, true],
    [`'b' > 'a'`, true],
    [`driverUniqueId == 'DRV-42'`, true],
    [`driverUniqueId ne 'x'`, true],
    ['address == null', true],
    ['null == null', true],
    ['address != 0', true],
    [`ignition == 'true'`, true],
    ['1 < 2 == true', true],
  ])('%s → %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('short-circuits so the right side is not evaluated', () => {
    expect(run('false && missing > 1')).toBe(false);
    expect(run('true || missing > 1')).toBe(true);
    expect(run('ignition ? 1 : missing')).toBe(1);
  });

  it('returns booleans from && and ||, like JEXL', () => {
    expect(run('speed && power')).toBe(true);
    expect(run('0 || ""')).toBe(false);
  });

  it('uses JEXL truthiness', () => {
    expect([null, 0, '', 'false', false, Number.NaN].map(toBoolean)).toEqual(Array(6).fill(false));
    expect([1, -1, 'x', 'true', true, [], {}].map(toBoolean)).toEqual(Array(7).fill(true));
  });

  it('refuses to order null or mixed types', () => {
    expect(errorOf('address > 1').message).toMatch(/Cannot compare null/);
    expect(errorOf(`'abc' < 1`).message).toMatch(/needs a number/);
  });
});

describe('ternary, elvis and null coalescing', () => {
  it('evaluates the ternary, right-associative', () => {
    expect(run(`ignition ? 'on' : 'off'`)).toBe('on');
    expect(run(`speed > 50 ? 'fast' : speed > 20 ? 'medium' : 'slow'`)).toBe('medium');
    expect(run(`(speed > 50 ? 1 : 2) * 10`)).toBe(20);
    // The ternary binds loosest: (0 ?? true) ? 1 : 2, not 0 ?? (true ? 1 : 2).
    expect(run('0 ?? true ? 1 : 2')).toBe(2);
    expect(run('false || true ? 1 : 2')).toBe(1);
  });

  it('supports a ?: b and a ?? b, falling back on missing variables', () => {
    expect(run('missing ?: 5')).toBe(5);
    expect(run('speed ?: 5')).toBe(30);
    expect(run('0 ?: 5')).toBe(5);
    expect(run('missing ?? 6')).toBe(6);
    expect(run('address ?? 6')).toBe(6);
    expect(run('0 ?? 6')).toBe(0);
  });
});

describe('bitwise operators (for decoding input masks)', () => {
  it.each([
    ['io1 & 4', 4],
    ['io1 & 2', 0],
    ['(io1 & 4) != 0', true],
    ['io1 | 2', 7],
    ['io1 ^ 1', 4],
    ['~0', -1],
    ['1 << 40', 2 ** 40],
    ['1024 >> 3', 128],
    ['1 | 2 & 3', 3],
  ])('%s = %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('rejects fractional operands and absurd shifts', () => {
    expect(errorOf('1.5 & 1').message).toMatch(/whole numbers/);
    expect(errorOf('1 << 64').message).toMatch(/Shift out of range/);
  });
});

describe('variables and member access', () => {
  it('resolves position fields and flattened attributes', () => {
    expect(run('latitude')).toBe(-23.55);
    expect(run('power')).toBe(12.6);
    expect(run('attributes.power')).toBe(12.6);
    expect(run(`attributes['io1']`)).toBe(5);
    expect(run('fuel.tank1 + fuel["tank2"]')).toBe(55);
    expect(run('temps[1]')).toBe(22);
    expect(run('temps.length')).toBe(3);
  });

  it('fails on undefined variables and properties (strict, like Traccar JEXL)', () => {
    expect(errorOf('nope + 1').message).toMatch(/Undefined variable 'nope' at position 1/);
    expect(errorOf('fuel.tank9').message).toMatch(/Undefined property 'tank9'/);
    expect(errorOf('temps[3]').message).toMatch(/out of range/);
    expect(errorOf('speed.value').message).toMatch(/Cannot read property of number/);
  });

  it('lets position fields win over same-named attributes', () => {
    const s = buildScope({ speed: 10, attributes: { speed: 99, other: 1 } });
    expect(evaluateExpression('speed', s)).toBe(10);
    expect(evaluateExpression('other', s)).toBe(1);
  });

  it('adds last-prefixed values and device attributes when asked', () => {
    const s = buildScope(
      { speed: 10, attributes: { ignition: true } },
      {
        last: { speed: 4, attributes: { ignition: false } },
        deviceAttributes: { fuelCapacity: 60 },
      },
    );
    expect(evaluateExpression('speed - lastSpeed', s)).toBe(6);
    expect(evaluateExpression('ignition && !lastIgnition', s)).toBe(true);
    expect(evaluateExpression('fuelCapacity', s)).toBe(60);
  });

  it('accepts a plain record as scope', () => {
    expect(evaluateExpression('a * b', { a: 3, b: 4 })).toBe(12);
  });
});

describe('functions and methods', () => {
  it.each([
    ['Math.abs(-3)', 3],
    ['math:abs(-3)', 3],
    ['Math.max(speed, 40, 2)', 40],
    ['Math.min(1, power)', 1],
    ['Math.round(2.5)', 3],
    ['Math.round(-2.5)', -2],
    ['Math.floor(power)', 12],
    ['Math.ceil(power)', 13],
    ['Math.pow(2, 10)', 1024],
    ['Math.sqrt(16)', 4],
    [`Math.abs('-4')`, 4],
    ['size(temps)', 3],
    ['size(driverUniqueId)', 6],
    ['size(fuel)', 2],
    ['empty(address)', true],
    ["empty('')", true],
    ['empty(temps)', false],
  ])('%s = %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it.each([
    [`alarm.contains('door')`, true],
    [`alarm.contains('tow')`, false],
    [`driverUniqueId.startsWith('DRV')`, true],
    [`driverUniqueId.endsWith('42')`, true],
    [`driverUniqueId.toLowerCase()`, 'drv-42'],
    [`' x '.trim().toUpperCase()`, 'X'],
    [`driverUniqueId.length()`, 6],
    [`driverUniqueId.substring(4)`, '42'],
    [`driverUniqueId.indexOf('-')`, 3],
    [`alarm.replace(',', ';')`, 'sos;door'],
    [`driverUniqueId.equalsIgnoreCase('drv-42')`, true],
    ['power.intValue()', 12],
  ])('%s = %j', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it('ternary with a math: call in the branch is not confused with the colon', () => {
    expect(run('ignition ? math:abs(-1) : 0')).toBe(1);
  });

  it('rejects functions and methods outside the whitelist', () => {
    expect(errorOf('Math.random()').message).toMatch(/Unknown function Math.random/);
    expect(errorOf('eval("1")').message).toMatch(/Unknown function eval/);
    expect(errorOf('alarm.split(",")').message).toMatch(/Unknown method split\(\) on string/);
    expect(errorOf('fuel.toString()').message).toMatch(/Unknown method toString\(\) on object/);
    expect(errorOf('Math.abs()').message).toMatch(/takes 1 argument/);
    expect(errorOf(`alarm.contains(1)`).message).toMatch(/needs a string argument/);
    expect(errorOf(`driverUniqueId.substring(2, 99)`).message).toMatch(/out of range/);
  });
});

describe('safety', () => {
  it('never reaches prototypes or constructors', () => {
    expect(errorOf('fuel.constructor').message).toMatch(/not allowed/);
    expect(errorOf(`fuel['__proto__']`).message).toMatch(/not allowed/);
    expect(errorOf('fuel.hasOwnProperty').message).toMatch(/Undefined property/);
    expect(errorOf(`alarm.constructor`).message).toMatch(/Cannot read property of string/);
    expect(errorOf('toString').message).toMatch(/Undefined variable/);
    expect(errorOf(`driverUniqueId.constructor('return 1')()`).message).toBeTruthy();
  });

  it('does not invoke getters on scope objects', () => {
    let called = false;
    const tricky = {
      get secret() {
        called = true;
        return 1;
      },
    };
    expect(errorOf('o.secret', { o: tricky }).message).toMatch(/not readable/);
    expect(called).toBe(false);
  });

  it('does not read from class instances', () => {
    expect(errorOf('d.getTime', { d: new Date() }).message).toMatch(/Cannot read property/);
  });

  it('rejects statements and keywords of a real language', () => {
    expect(errorOf('new Date()').message).toMatch(/'new' is not allowed/);
    expect(errorOf('x = 1', { x: 0 }).message).toMatch(/Unexpected character '='/);
    expect(errorOf('a; b').message).toMatch(/Unexpected character ';'/);
    expect(errorOf('() => 1').message).toMatch(/Unexpected/);
    expect(errorOf('`x`').message).toMatch(/Unexpected character/);
  });

  it('limits length and nesting depth', () => {
    expect(() => parseExpression('1+'.repeat(MAX_EXPRESSION_LENGTH) + '1')).toThrow(/longer than/);
    const deep = '('.repeat(MAX_EXPRESSION_DEPTH + 1) + '1' + ')'.repeat(MAX_EXPRESSION_DEPTH + 1);
    expect(() => parseExpression(deep)).toThrow(/nested deeper/);
    expect(() => parseExpression('!'.repeat(200) + 'true')).toThrow(/nested deeper/);
    expect(() => parseExpression('a' + '.b'.repeat(200))).toThrow(/nested deeper/);
    const ok = '('.repeat(20) + '1' + ')'.repeat(20);
    expect(evaluateExpression(ok, {})).toBe(1);
  });
});

/** `'aaaaaaaaaa'` replaced n times over: 10^(n+1) characters. */
const tenfold = (times: number) => `'aaaaaaaaaa'` + `.replace('a', 'aaaaaaaaaa')`.repeat(times);

describe('limits of one evaluation', () => {
  const limitOf = (run: () => unknown): ExpressionLimitError => {
    try {
      run();
    } catch (error) {
      if (error instanceof ExpressionLimitError) return error;
      throw error;
    }
    throw new Error('expected the expression to go over a limit');
  };

  it('refuses a string past 64 Ki characters before building it', () => {
    expect(evaluateExpression(tenfold(3), {})).toHaveLength(10_000);
    const error = limitOf(() => evaluateExpression(tenfold(8), {}));
    expect(error.message).toMatch(`String longer than ${MAX_STRING_LENGTH} characters at position`);
    // The same through concatenation and case mapping.
    const long = 'x'.repeat(MAX_STRING_LENGTH);
    expect(evaluateExpression('s + ""', { s: long })).toHaveLength(MAX_STRING_LENGTH);
    limitOf(() => evaluateExpression('s + "y"', { s: long }));
    limitOf(() => evaluateExpression('s.toUpperCase()', { s: 'ß'.repeat(40_000) }));
  });

  it('stops after its step budget', () => {
    const sum = compileExpression('a + a + a + a + a');
    expect(sum.evaluate({ a: 1 }, { maxSteps: 9 })).toBe(5);
    expect(limitOf(() => sum.evaluate({ a: 1 }, { maxSteps: 8 })).message).toBe(
      'Expression took more than 8 steps',
    );
  });

  it('stops when its time is up', () => {
    let clock = 0;
    const now = () => (clock += 20);
    const slow = compileExpression('a + a + a + a');
    expect(limitOf(() => slow.evaluate({ a: 1 }, { maxMs: 50, now })).message).toBe(
      'Expression ran longer than 50 ms',
    );
    clock = 0;
    expect(slow.evaluate({ a: 1 }, { maxMs: 1000, now })).toBe(4);
  });

  it('is an ExpressionError, so callers that report those report it too', () => {
    expect(limitOf(() => evaluateExpression(tenfold(8), {}))).toBeInstanceOf(ExpressionError);
  });
});

describe('syntax errors are clear', () => {
  it.each([
    ['', /empty/],
    ['   ', /empty/],
    ['1 +', /Unexpected end of expression/],
    ['(1 + 2', /Expected '\)' but found end of expression/],
    ['1 2', /Unexpected '2' at position 3/],
    ['ignition ? 1', /Expected ':'/],
    [`'open`, /Unterminated string/],
    [`'\\q'`, /Invalid escape/],
    ['12abc', /Invalid number/],
    ['a.', /Expected a name after '.'/],
    ['Math.abs(1,', /Unexpected end/],
    ['#', /Unexpected character '#' at position 1/],
  ])('%j → %s', (source, message) => {
    expect(() => parseExpression(source)).toThrow(ExpressionError);
    expect(() => parseExpression(source)).toThrow(message);
  });
});

describe('compileExpression', () => {
  it('parses once and evaluates against different scopes', () => {
    const compiled = compileExpression('speed * 1.852');
    expect(compiled.evaluate({ speed: 10 })).toBeCloseTo(18.52);
    expect(compiled.evaluate({ speed: 0 })).toBe(0);
    expect(compiled.ast.kind).toBe('binary');
  });
});

describe('castResult by attribute type', () => {
  it('keeps numbers and booleans of the declared type', () => {
    expect(castResult(5, 'number')).toBe(5);
    expect(castResult(false, 'boolean')).toBe(false);
  });

  it('turns anything into text for string', () => {
    expect(castResult(5, 'string')).toBe('5');
    expect(castResult(true, 'string')).toBe('true');
    expect(castResult([1, 2], 'string')).toBe('[1,2]');
  });

  it('returns null (remove the attribute) for a null result', () => {
    expect(castResult(null, 'number')).toBeNull();
    expect(castResult(undefined, 'string')).toBeNull();
  });

  it('rejects results of the wrong type, NaN and Infinity', () => {
    expect(() => castResult('5', 'number')).toThrow(/not a number/);
    expect(() => castResult(Number.NaN, 'number')).toThrow(/not a number/);
    expect(() => castResult(Infinity, 'number')).toThrow(/not a number/);
    expect(() => castResult(1, 'boolean')).toThrow(/not a boolean/);
  });

  it('works end to end for a typical fuel expression', () => {
    const result = castResult(run('adc1 / 4096 * 60'), 'number');
    expect(result).toBe(30);
  });
});
