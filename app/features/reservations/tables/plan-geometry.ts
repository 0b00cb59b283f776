import type { TablePlacement } from "./floor-plan.ts";

/**
 * Where tables stand on a plan: whether one overlaps another and whether it lies on the plan. A round
 * table is a circle as wide as the table; the others are rectangles turned about their centre. Tables
 * may touch (that is how they are pushed together), not overlap. Pure and browser-safe.
 */

/** Less than a millimetre of overlap is touching. */
const TOLERANCE = 0.1;

interface Point {
  x: number;
  y: number;
}

const centreOf = (table: TablePlacement): Point => ({
  x: table.x + table.width / 2,
  y: table.y + table.height / 2,
});

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The corners of a rectangular table, turned. */
function cornersOf(table: TablePlacement): Point[] {
  const centre = centreOf(table);
  const cos = Math.cos(radians(table.rotation));
  const sin = Math.sin(radians(table.rotation));
  const halfW = table.width / 2;
  const halfH = table.height / 2;
  return [
    [-halfW, -halfH],
    [halfW, -halfH],
    [halfW, halfH],
    [-halfW, halfH],
  ].map(([dx = 0, dy = 0]) => ({ x: centre.x + dx * cos - dy * sin, y: centre.y + dx * sin + dy * cos }));
}

/** The axis-aligned box around a table as it stands. */
export function boundsOf(table: TablePlacement): {
  left: number;
  top: number;
  right: number;
  bottom: number;
} {
  if (table.shape === "round") {
    const centre = centreOf(table);
    const radius = table.width / 2;
    return {
      left: centre.x - radius,
      top: centre.y - radius,
      right: centre.x + radius,
      bottom: centre.y + radius,
    };
  }
  const corners = cornersOf(table);
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
}

/** Whether the table lies wholly on a plan of `width` × `height`. */
export function liesOnPlan(table: TablePlacement, plan: { width: number; height: number }): boolean {
  const box = boundsOf(table);
  return (
    box.left >= -TOLERANCE &&
    box.top >= -TOLERANCE &&
    box.right <= plan.width + TOLERANCE &&
    box.bottom <= plan.height + TOLERANCE
  );
}

/** How far apart two shapes' projections on `axis` lie; negative: they overlap by that much. */
function gapOnAxis(a: Point[], b: Point[], axis: Point): number {
  const project = (points: Point[]) => points.map((point) => point.x * axis.x + point.y * axis.y);
  const pa = project(a);
  const pb = project(b);
  return Math.max(Math.min(...pb) - Math.max(...pa), Math.min(...pa) - Math.max(...pb));
}

/** The edges' directions of a turned rectangle: the axes the separating-axis test tries. */
const axesOf = (rotation: number): Point[] => {
  const cos = Math.cos(radians(rotation));
  const sin = Math.sin(radians(rotation));
  return [
    { x: cos, y: sin },
    { x: -sin, y: cos },
  ];
};

function rectanglesOverlap(a: TablePlacement, b: TablePlacement): boolean {
  const ca = cornersOf(a);
  const cb = cornersOf(b);
  return [...axesOf(a.rotation), ...axesOf(b.rotation)].every((axis) => gapOnAxis(ca, cb, axis) < -TOLERANCE);
}

/** A point in a table's own frame: from its centre, turned back by the table's turn. */
function localOf(point: Point, table: TablePlacement): Point {
  const middle = centreOf(table);
  const cos = Math.cos(radians(-table.rotation));
  const sin = Math.sin(radians(-table.rotation));
  const dx = point.x - middle.x;
  const dy = point.y - middle.y;
  return { x: dx * cos - dy * sin, y: dx * sin + dy * cos };
}

/** Whether a point of the plan lies on the table as it stands (its circle, or its turned rectangle). */
export function tableHolds(table: TablePlacement, point: Point): boolean {
  const local = localOf(point, table);
  if (table.shape === "round") return Math.hypot(local.x, local.y) <= table.width / 2;
  return Math.abs(local.x) <= table.width / 2 && Math.abs(local.y) <= table.height / 2;
}

function circleOverlapsRectangle(circle: TablePlacement, rectangle: TablePlacement): boolean {
  // The circle's centre in the rectangle's own frame, then the nearest point of the rectangle to it.
  const local = localOf(centreOf(circle), rectangle);
  const nearest = {
    x: Math.max(-rectangle.width / 2, Math.min(rectangle.width / 2, local.x)),
    y: Math.max(-rectangle.height / 2, Math.min(rectangle.height / 2, local.y)),
  };
  const inside = nearest.x === local.x && nearest.y === local.y;
  return inside || Math.hypot(local.x - nearest.x, local.y - nearest.y) < circle.width / 2 - TOLERANCE;
}

/** Whether two tables overlap (touching is not overlapping). */
export function tablesOverlap(a: TablePlacement, b: TablePlacement): boolean {
  if (a.shape === "round" && b.shape === "round") {
    const ca = centreOf(a);
    const cb = centreOf(b);
    return Math.hypot(ca.x - cb.x, ca.y - cb.y) < a.width / 2 + b.width / 2 - TOLERANCE;
  }
  if (a.shape === "round") return circleOverlapsRectangle(a, b);
  if (b.shape === "round") return circleOverlapsRectangle(b, a);
  return rectanglesOverlap(a, b);
}
