/**
 * A labelled free-text reason (a photo's rejection, an appeal) with its problem shown under it and
 * announced; typing clears the problem.
 */
export function ReasonField({
  id,
  label,
  value,
  onChange,
  maxLength,
  rows = 3,
  problem,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
  problem: string | null;
}) {
  const problemId = `${id}-problem`;
  return (
    <>
      <label htmlFor={id} className="mt-4 block font-semibold text-sm">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem !== null}
        aria-describedby={problem ? problemId : undefined}
        className="mt-2 w-full rounded-xl border border-border bg-surface p-3 text-foreground text-sm focus-visible:outline-2 focus-visible:outline-ring"
      />
      {problem && (
        <p id={problemId} role="alert" className="mt-1 text-red-600 text-sm dark:text-red-300">
          {problem}
        </p>
      )}
    </>
  );
}
