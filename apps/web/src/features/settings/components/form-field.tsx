import type { InputHTMLAttributes, ReactNode } from 'react';

/** An input or select of the settings forms: 44 px tall, red edge while its problem shows. */
export const FIELD_CONTROL =
  'min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-foreground text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-red-500';

/** A field's problem, announced when it appears; `id` is what the field's aria-describedby names. */
export function FieldProblem({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-red-600 text-xs dark:text-red-300">
      {message}
    </p>
  );
}

/** A labelled control with its problem under it; `children` is the control, given the ids it needs. */
export function LabelledField({
  id,
  label,
  problem,
  children,
}: {
  id: string;
  label: string;
  problem?: string;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const problemId = `${id}-problem`;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="font-semibold text-foreground text-sm">
        {label}
      </label>
      {children({
        id,
        ...(problem ? { 'aria-invalid': true, 'aria-describedby': problemId } : {}),
      })}
      <FieldProblem id={problemId} message={problem} />
    </div>
  );
}

/** A text input of the settings forms with its label and problem. */
export function TextField({
  id,
  label,
  problem,
  ...input
}: { id: string; label: string; problem?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <LabelledField id={id} label={label} problem={problem}>
      {(a11y) => <input {...input} {...a11y} className={FIELD_CONTROL} />}
    </LabelledField>
  );
}
