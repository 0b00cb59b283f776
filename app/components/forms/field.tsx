import { useId, type ComponentProps, type ReactNode } from "react";
import { cn } from "../../lib/utils.ts";
import { Input } from "../ui/input.tsx";
import { Label } from "../ui/label.tsx";
import { NativeSelect } from "../ui/select.tsx";
import { Textarea } from "../ui/textarea.tsx";

/**
 * Form fields for every screen (decision 0010): label, control, description and message, wired so a
 * screen reader reads the description and the message with the control and knows when it is invalid.
 * The ids are stable (`<id>-description`, `<id>-error`), so a screen can focus or test them.
 */

/** A field's message(s): one string (the first message, as `fieldErrorsOf` gives) or several. */
export type FieldMessages = string | readonly string[] | undefined;

const messagesOf = (errors: FieldMessages): string[] =>
  (typeof errors === "string" ? [errors] : [...(errors ?? [])]).filter((message) => message !== "");

/** What a control needs to be tied to its description and message. */
export interface FieldWiring {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export const descriptionIdOf = (id: string) => `${id}-description`;
export const errorIdOf = (id: string) => `${id}-error`;

/** `aria-describedby` from the ids that are present, or none at all. */
export const describedBy = (...ids: Array<string | false | null | undefined>): string | undefined =>
  ids.filter(Boolean).join(" ") || undefined;

/**
 * The attributes of a control with this id: described by its description (if any), then its
 * message (if any; read last, so it is what a screen reader ends on), plus ids the screen adds.
 */
export function fieldWiring(
  id: string,
  {
    description,
    errors,
    extraDescribedBy,
  }: { description?: boolean; errors?: FieldMessages; extraDescribedBy?: string },
): FieldWiring {
  const invalid = messagesOf(errors).length > 0;
  return {
    id,
    "aria-invalid": invalid ? true : undefined,
    "aria-describedby": describedBy(
      extraDescribedBy,
      description && descriptionIdOf(id),
      invalid && errorIdOf(id),
    ),
  };
}

/** A field's messages under it; `id` is what the control's `aria-describedby` points at. */
export function ErrorList({
  id,
  errors,
  className,
}: {
  id?: string;
  errors: FieldMessages;
  className?: string;
}) {
  const messages = messagesOf(errors);
  const classes = cn("text-sm font-medium text-brand-700", className);
  if (messages.length === 0) return null;
  if (messages.length === 1)
    return (
      <p id={id} className={classes}>
        {messages[0]}
      </p>
    );
  return (
    <ul id={id} className={cn("list-disc space-y-1 pl-5", classes)}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

export interface FieldFrameProps {
  label: ReactNode;
  /** Help under the control, read with it. */
  description?: ReactNode;
  errors?: FieldMessages;
  /** The control's id; without one a stable id is made. */
  id?: string;
  /** Adds '(optional)' to the label. */
  optional?: boolean;
  className?: string;
}

/**
 * Label, control, description and message, for controls the kit has no component for (a password
 * field with a show button): `children` gets the attributes to spread onto the control.
 */
export function FieldFrame({
  label,
  description,
  errors,
  id: givenId,
  optional,
  className,
  describedByExtra,
  children,
}: FieldFrameProps & { describedByExtra?: string; children: (wiring: FieldWiring) => ReactNode }) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const wiring = fieldWiring(id, {
    description: description !== undefined && description !== null,
    errors,
    extraDescribedBy: describedByExtra,
  });
  return (
    <div className={cn("space-y-2", className)}>
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="font-normal text-muted"> (optional)</span> : null}
      </Label>
      {children(wiring)}
      {description !== undefined && description !== null ? (
        <p id={descriptionIdOf(id)} className="text-sm text-muted">
          {description}
        </p>
      ) : null}
      <ErrorList id={errorIdOf(id)} errors={errors} />
    </div>
  );
}

type ControlProps<Element extends "input" | "textarea" | "select"> = Omit<
  ComponentProps<Element>,
  "id" | "aria-invalid"
>;

function frameProps(props: FieldFrameProps) {
  const { label, description, errors, id, optional, className } = props;
  return { label, description, errors, id, optional, className };
}

/** A one-line text field (`Input`). */
export function Field({ inputProps, ...frame }: FieldFrameProps & { inputProps?: ControlProps<"input"> }) {
  const { "aria-describedby": extra, ...control } = inputProps ?? {};
  return (
    <FieldFrame {...frameProps(frame)} describedByExtra={extra}>
      {(wiring) => <Input {...control} {...wiring} />}
    </FieldFrame>
  );
}

/** A multi-line text field (`Textarea`). */
export function TextareaField({
  textareaProps,
  ...frame
}: FieldFrameProps & { textareaProps?: ControlProps<"textarea"> }) {
  const { "aria-describedby": extra, ...control } = textareaProps ?? {};
  return (
    <FieldFrame {...frameProps(frame)} describedByExtra={extra}>
      {(wiring) => <Textarea {...control} {...wiring} />}
    </FieldFrame>
  );
}

/** A choice from a few options (the browser's own drop-down). */
export function SelectField({
  selectProps,
  options,
  ...frame
}: FieldFrameProps & {
  selectProps?: ControlProps<"select">;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const { "aria-describedby": extra, ...control } = selectProps ?? {};
  return (
    <FieldFrame {...frameProps(frame)} describedByExtra={extra}>
      {(wiring) => (
        <NativeSelect {...control} {...wiring}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </FieldFrame>
  );
}
