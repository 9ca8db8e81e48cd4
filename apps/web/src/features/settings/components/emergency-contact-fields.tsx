import { EMERGENCY_CONTACT_NAME_MAX, PHONE_INPUT_MAX } from '@royal/shared';
import { useId } from 'react';
import type { EmergencyContact, EmergencyContactProblems } from '../emergency-contact';
import { TextField } from './form-field';

/**
 * The emergency contact's name and phone number, with the shared schema's problems under them
 * (the page and the Safety Center check with the same words the server answers with).
 */
export function EmergencyContactFields({
  value,
  onChange,
  problems = {},
  disabled = false,
  legendHidden = false,
}: {
  value: EmergencyContact;
  onChange: (value: EmergencyContact) => void;
  problems?: EmergencyContactProblems;
  disabled?: boolean;
  /** Under a heading that already says "Emergency Contact": the legend is for screen readers only. */
  legendHidden?: boolean;
}) {
  const id = useId();
  const help = `${id}-help`;
  return (
    <fieldset disabled={disabled} className="flex flex-col gap-3" aria-describedby={help}>
      <legend className={legendHidden ? 'sr-only' : 'font-semibold text-foreground text-sm'}>
        Emergency Contact
      </legend>
      <p id={help} className="text-muted-foreground text-xs">
        Someone you trust, kept private: other members never see it.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          label="Contact Name"
          problem={problems.name}
          type="text"
          autoComplete="off"
          maxLength={EMERGENCY_CONTACT_NAME_MAX}
          value={value.name}
          onChange={(event) => onChange({ ...value, name: event.target.value })}
        />
        <TextField
          id={`${id}-phone`}
          label="Contact Phone"
          problem={problems.phone}
          type="tel"
          inputMode="tel"
          // Not the member's own number: the browser must not fill it in.
          autoComplete="off"
          placeholder="+1 305 555 0123"
          maxLength={PHONE_INPUT_MAX}
          value={value.phone}
          onChange={(event) => onChange({ ...value, phone: event.target.value })}
        />
      </div>
    </fieldset>
  );
}
