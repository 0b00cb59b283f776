import type { OpeningHoursContent } from "../../app/common/content/schemas.ts";

/** Lunch and a long evening on every day of the week: no date a test or benchmark picks is closed. */
const EVERY_DAY = "11:30–14:30 und 17:30–23:00 Uhr";

export const openEveryDay: OpeningHoursContent = {
  monday: EVERY_DAY,
  tuesday: EVERY_DAY,
  wednesday: EVERY_DAY,
  thursday: EVERY_DAY,
  friday: EVERY_DAY,
  saturday: EVERY_DAY,
  sunday: EVERY_DAY,
};
