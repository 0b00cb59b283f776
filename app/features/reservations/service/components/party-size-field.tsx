import type { ChangeEvent } from "react";
import { Field } from "../../../../components/forms/field.tsx";
import { MAX_STAFF_PARTY_SIZE } from "../../book/index.ts";

/** A party's size at the host stand (1–100), large enough for a finger; the forms' field `party_size`. */
export function PartySizeField({
  label,
  errors,
  defaultValue,
  onChange,
}: {
  label: string;
  errors: string | readonly string[] | undefined;
  defaultValue: number;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <Field
      label={label}
      errors={errors}
      className="w-28"
      inputProps={{
        name: "party_size",
        type: "number",
        inputMode: "numeric",
        min: 1,
        max: MAX_STAFF_PARTY_SIZE,
        defaultValue,
        required: true,
        className: "h-12 text-lg",
        ...(onChange ? { onChange } : {}),
      }}
    />
  );
}
