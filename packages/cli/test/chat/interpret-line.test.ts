import { describe, expect, it } from "vitest";
import type { Pending } from "@skillflow/core";
import { interpretLine } from "../../src/chat/interpret-line.js";
import type { PickOptions } from "../../src/chat/format-options.js";

const pickFlight: Pending = { kind: "ask", field: "flight_id", answerKey: "flight_id", stepId: "4", secret: false, pick: true };
const flights: PickOptions = { field: "flight_id", values: ["TP1350", "BA500", "FR8342"], lines: [] };
const askNights: Pending = { kind: "ask", field: "nights", answerKey: "nights", stepId: "3", secret: false, pick: false };
const askCode: Pending = { kind: "ask", field: "approval_code", answerKey: "approval_code", stepId: "8.1", secret: true, pick: false };
const card = { confirm: "pay", question: "Pay?", writes: [], digest: "d" };
const confirmPay: Pending = { kind: "confirm", confirm: "pay", key: "pay", stepId: "9", card };

describe("interpretLine", () => {
  it("turns a number into a pick of that row, never free text", () => {
    expect(interpretLine("2", { pending: pickFlight, options: flights })).toEqual({ kind: "send", event: { pick: { flight_id: "BA500" } } });
    expect(interpretLine(" 1 ", { pending: pickFlight, options: flights })).toEqual({ kind: "send", event: { pick: { flight_id: "TP1350" } } });
  });

  it("picks by a row's id typed exactly (any case)", () => {
    expect(interpretLine("fr8342", { pending: pickFlight, options: flights })).toEqual({ kind: "send", event: { pick: { flight_id: "FR8342" } } });
  });

  it("answers a number out of range locally, sending nothing", () => {
    const action = interpretLine("7", { pending: pickFlight, options: flights });
    expect(action).toEqual({ kind: "note", text: "There are 3 options: type a number from 1 to 3." });
  });

  it("sends other text at a pick to the model as free text", () => {
    expect(interpretLine("make it 4 nights", { pending: pickFlight, options: flights })).toEqual({ kind: "send", event: { text: "make it 4 nights" } });
  });

  it("sends a number as text when no pick is pending", () => {
    expect(interpretLine("3", { pending: askNights })).toEqual({ kind: "send", event: { text: "3" } });
  });

  it.each([
    ["y", true], ["YES", true], ["n", false], ["No", false],
    ["yes please", true], ["yes, go ahead", true], ["sure", true], ["ok", true], ["no thanks", false], ["don't", false],
  ])("turns %j at a confirmation into a press for the card shown (yes: %s)", (line, yes) => {
    expect(interpretLine(line, { pending: confirmPay })).toEqual({ kind: "send", event: { press: "pay", yes, card: "d" } });
  });

  it("sends other text at a confirmation as free text (a correction)", () => {
    expect(interpretLine("actually 4 nights", { pending: confirmPay })).toEqual({ kind: "send", event: { text: "actually 4 nights" } });
  });

  it("sends a secret exactly as typed, spaces included", () => {
    expect(interpretLine(" AB-123456", { pending: askCode })).toEqual({ kind: "send", event: { text: " AB-123456" } });
    expect(interpretLine("y", { pending: askCode })).toEqual({ kind: "send", event: { text: "y" } });
  });

  it("recognizes the terminal's commands, with their arguments, unless a secret is asked", () => {
    expect(interpretLine("/approve pay manager", { pending: askNights })).toEqual({ kind: "command", name: "approve", args: ["pay", "manager"] });
    expect(interpretLine("/USAGE", { pending: confirmPay })).toEqual({ kind: "command", name: "usage", args: [] });
  });

  it.each(["/approve pay manager", "/quit", "/usage", "/frob"])("while a secret is asked, %j is the secret, never a command", (line) => {
    expect(interpretLine(line, { pending: askCode })).toEqual({ kind: "send", event: { text: line } });
  });

  it("answers an unknown command locally and ignores an empty line", () => {
    expect(interpretLine("/frob", {})).toEqual({ kind: "note", text: "Unknown command /frob. Type /help for the commands." });
    expect(interpretLine("   ", { pending: askNights })).toEqual({ kind: "none" });
  });
});
