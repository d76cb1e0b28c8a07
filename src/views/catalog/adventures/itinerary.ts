/**
 * An itinerary's steps stay in the order of their days (the server refuses anything
 * else): a step moved among others takes a day between its new neighbours', and a step
 * given another day goes among that day's steps. Pure, with a key per step that the
 * list keeps while steps move (steps have no id of their own).
 */
import type { ItineraryStep } from './adventuresScreen.ts';

export interface KeyedStep {
  key: string;
  step: ItineraryStep;
}

/** `key` moved to `to`, its day brought between the days of the steps now around it. */
export function moveStep(steps: readonly KeyedStep[], key: string, to: number): KeyedStep[] {
  const from = steps.findIndex((s) => s.key === key);
  if (from < 0) return [...steps];
  const rest = steps.filter((s) => s.key !== key);
  const at = Math.max(0, Math.min(to, rest.length));
  const low = rest[at - 1]?.step.day ?? 1;
  const high = rest[at]?.step.day ?? Number.POSITIVE_INFINITY;
  const moving = steps[from];
  const day = Math.min(Math.max(moving.step.day, low), high);
  rest.splice(at, 0, { ...moving, step: { ...moving.step, day } });
  return rest;
}

/** The steps in the order of their days, the order within a day kept (a stable sort). */
export function byDay(steps: readonly KeyedStep[]): KeyedStep[] {
  return [...steps].sort((a, b) => a.step.day - b.step.day);
}
