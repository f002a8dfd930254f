/**
 * The benchmark's `calculate`: arithmetic on numbers with + - * / // ** and parentheses, evaluated as
 * Python evaluates it (its precedence, `**` right-associative and above unary minus, `//` flooring), and
 * answered as Python's `str(round(float(result), 2))`. Only the characters `0123456789+-*./() ` are
 * accepted. Whole numbers are JavaScript numbers here, so integers beyond 2^53 lose the exactness
 * Python's have. Pure.
 */
import { pyFloatText, roundCents } from "./py-compat.js";
import { RetailError } from "./retail-error.js";

export function calculate(expression: string): string {
  if (![...expression].every((c) => "0123456789+-*/(). ".includes(c))) throw new RetailError("Invalid characters in expression");
  const parser = new Parser(tokenize(expression));
  const value = parser.expression();
  if (!parser.done()) throw new RetailError("invalid syntax");
  return pyFloatText(roundCents(value));
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const pattern = /\s*(\d+\.\d*|\.\d+|\d+|\*\*|\/\/|[-+*/()])/y;
  let end = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    tokens.push(match[1]!);
    end = pattern.lastIndex;
  }
  if (text.slice(end).trim() !== "") throw new RetailError("invalid syntax");
  return tokens;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: string[]) {}

  done(): boolean {
    return this.at === this.tokens.length;
  }

  expression(): number {
    let value = this.term();
    while (this.peek() === "+" || this.peek() === "-") value = this.next() === "+" ? value + this.term() : value - this.term();
    return value;
  }

  private term(): number {
    let value = this.factor();
    for (let op = this.peek(); op === "*" || op === "/" || op === "//"; op = this.peek()) {
      this.next();
      const right = this.factor();
      if (op === "*") value *= right;
      else if (right === 0) throw new RetailError("division by zero");
      else value = op === "/" ? value / right : floorDivide(value, right);
    }
    return value;
  }

  private factor(): number {
    const sign = this.peek();
    if (sign !== "-" && sign !== "+") return this.power();
    this.next();
    const value = this.factor();
    return sign === "-" ? -value : value;
  }

  private power(): number {
    const base = this.atom();
    if (this.peek() !== "**") return base;
    this.next();
    const exponent = this.factor();
    if (base === 0 && exponent < 0) throw new RetailError("0.0 cannot be raised to a negative power");
    if (base < 0 && !Number.isInteger(exponent)) throw new RetailError("can't convert complex to float");
    return base ** exponent;
  }

  private atom(): number {
    const token = this.next();
    if (token === "(") {
      const value = this.expression();
      if (this.next() !== ")") throw new RetailError("invalid syntax");
      return value;
    }
    if (token === undefined || !/^[\d.]/.test(token)) throw new RetailError("invalid syntax");
    if (/^0\d/.test(token) && !token.includes(".") && /[1-9]/.test(token)) {
      throw new RetailError("leading zeros in decimal integer literals are not permitted");
    }
    return Number(token);
  }

  private peek(): string | undefined {
    return this.tokens[this.at];
  }

  private next(): string | undefined {
    return this.tokens[this.at++];
  }
}

/** Python's float floor division (floatobject.c): exact where Math.floor(a / b) is not, e.g. 1 // 0.1. */
function floorDivide(a: number, b: number): number {
  let mod = a % b;
  let div = (a - mod) / b;
  if (mod !== 0 && (b < 0) !== (mod < 0)) {
    mod += b;
    div -= 1;
  }
  if (div === 0) return 0 * Math.sign(a / b);
  const floor = Math.floor(div);
  return div - floor > 0.5 ? floor + 1 : floor;
}
