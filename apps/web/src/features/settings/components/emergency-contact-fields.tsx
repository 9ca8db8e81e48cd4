import { EMAIL_MAX_LENGTH, EMERGENCY_CONTACT_NAME_MAX, PHONE_INPUT_MAX } from '@royal/shared';
import { useId } from 'react';
import type { EmergencyContact, EmergencyContactProblems } from '../emergency-contact';
import { TextField } from './form-field';

/** What the contact is for, under the legend (the date's safety features reach them, issue 39). */
export const EMERGENCY_CONTACT_HELP =
  'Someone you trust. When you share a date or a safety alert goes off, we tell them by e-mail and text message. Kept private: other members never see it.';

/**
 * The emergency contact's name, phone number and e-mail, with the shared schema's problems under
 * them (the page and the Safety Center check with the same words the server answers with). The name
 * takes the full width; the phone and the e-mail share a row from `sm`.
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
      <p id={help} className="max-w-measure text-muted-foreground text-xs">
        {EMERGENCY_CONTACT_HELP}
      </p>
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
      <div className="grid gap-3 sm:grid-cols-2">
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
        <TextField
          id={`${id}-email`}
          label="Contact E-mail"
          problem={problems.email}
          type="email"
          inputMode="email"
          // Not the member's own address: the browser must not fill it in.
          autoComplete="off"
          placeholder="name@example.com"
          maxLength={EMAIL_MAX_LENGTH}
          value={value.email}
          onChange={(event) => onChange({ ...value, email: event.target.value })}
        />
      </div>
    </fieldset>
  );
}
