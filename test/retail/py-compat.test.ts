/**
 * roundCents is Python's round(x, 2) and pyFloatText Python's str(float): the pairs below are what
 * Python 3.11 printed for the same doubles (exact ties go to the even cent; a value written x.xx5 is
 * rarely a tie in binary, so it goes whichever way its exact value lies).
 */
import { expect, test } from "vitest";
import { pyFloatText, roundCents } from "../../skills/retail/store/py-compat.js";

const PYTHON_ROUND: Array<[number, number]> = [
  [0.125, 0.12], [0.375, 0.38], [0.625, 0.62], [0.875, 0.88], [-0.125, -0.12], [2.675, 2.67], [1.005, 1.0],
  [-2.675, -2.67], [1e-9, 0], [12345678.125, 12345678.12], [1.2345678901234568e17, 1.2345678901234568e17],
  [0.5, 0.5], [99.995, 100.0], [-0.005, -0.01], [0.015, 0.01], [2.2200000000000006, 2.22],
  [-1761.667, -1761.67], [1509.3400000000008, 1509.34], [-4058.699999999999, -4058.7], [-2853.015, -2853.01],
  [510.47000000000105, 510.47], [-808.609999999999, -808.61], [-4534.168, -4534.17],
];

test("roundCents gives what Python's round(x, 2) gives, ties to the even cent included", () => {
  expect(PYTHON_ROUND.map(([x]) => [x, roundCents(x)])).toEqual(PYTHON_ROUND);
});

test("pyFloatText writes a float as Python's str does", () => {
  const cases: Array<[number, string]> = [
    [0.1, "0.1"], [1e16, "1e+16"], [1e-5, "1e-05"], [123, "123.0"], [1.5e-7, "1.5e-07"],
    [12345678901234567, "1.2345678901234568e+16"], [-0, "-0.0"], [1e22, "1e+22"], [0.0001, "0.0001"], [100.25, "100.25"],
  ];
  expect(cases.map(([x]) => [x, pyFloatText(x)])).toEqual(cases);
});
