import { Slider } from 'radix-ui';

/** A one- or two-thumb slider (age range, distance); `label` names each thumb for screen readers. */
export function RangeSlider({
  label,
  value,
  min,
  max,
  step,
  onChange,
  disabled,
}: {
  label: string[];
  value: number[];
  min: number;
  max: number;
  step: number;
  onChange: (value: number[]) => void;
  disabled?: boolean;
}) {
  return (
    <Slider.Root
      className="relative flex h-11 w-full touch-none select-none items-center data-[disabled]:opacity-50"
      value={value}
      min={min}
      max={max}
      step={step}
      minStepsBetweenThumbs={0}
      onValueChange={onChange}
      disabled={disabled}
    >
      <Slider.Track className="relative h-1.5 grow rounded-full bg-surface-muted">
        <Slider.Range className="absolute h-full rounded-full bg-primary" />
      </Slider.Track>
      {value.map((_, i) => (
        <Slider.Thumb
          // The thumbs are fixed in number and order.
          // biome-ignore lint/suspicious/noArrayIndexKey: a thumb's identity is its position
          key={i}
          aria-label={label[i]}
          className="block size-6 rounded-full border-2 border-primary bg-surface shadow focus-visible:outline-2 focus-visible:outline-ring"
        />
      ))}
    </Slider.Root>
  );
}
