/**
 * Moves the keyboard to the first field (in page order) that has a message: a field marked
 * `aria-invalid`, or a control that stands for a group of fields (`data-invalid`, e.g. a list's add
 * button when the list itself is refused). Call it after the messages are rendered.
 */
export function focusFirstInvalid(container: ParentNode | null | undefined): boolean {
  const target = container?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
  target?.focus();
  return target !== null && target !== undefined;
}
