/** The weekdays of `global.opening_hours`, Monday first, with their German names. */
export const weekdays = [
  ["monday", "Montag"],
  ["tuesday", "Dienstag"],
  ["wednesday", "Mittwoch"],
  ["thursday", "Donnerstag"],
  ["friday", "Freitag"],
  ["saturday", "Samstag"],
  ["sunday", "Sonntag"],
] as const;

export type Weekday = (typeof weekdays)[number][0];
