import {
  AGE_MAX,
  AGE_MIN,
  COMPENSATION_PREFERENCE_LABELS,
  COMPENSATION_PREFERENCES,
  DISTANCE_MAX,
  DISTANCE_MIN,
  DISTANCE_STEP,
  LOOKING_FOR,
  LOOKING_FOR_LABELS,
} from '@royal/shared';
import { Heart } from 'lucide-react';
import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { TitledCard } from '@/components/ui/titled-card';
import type { FormProblems, SettingsFormValues } from '../settings-form';
import { FIELD_CONTROL, FieldProblem, LabelledField } from './form-field';
import { SettingSwitchRow } from './setting-switch-row';

/**
 * The Settings page's 'Dating Preferences': the same fields, bounds and words as Edit Profile's
 * (decision 048), as plain numbers here; compensation is asked of women only, as there.
 */
export function DatingPreferencesSection({
  form,
  problems,
  women,
}: {
  form: UseFormReturn<SettingsFormValues>;
  problems: FormProblems;
  women: boolean;
}) {
  const { register, control } = form;
  const id = useId();
  const ageProblem = problems['preferences.age_range'];
  const number = { valueAsNumber: true } as const;
  return (
    <TitledCard Icon={Heart} title="Dating Preferences">
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={ageProblem ? `${id}-age-problem` : undefined}
      >
        <legend className="mb-2 font-semibold text-foreground text-sm">
          Age Range ({AGE_MIN}–{AGE_MAX})
        </legend>
        <div className="grid grid-cols-2 gap-3">
          <AgeBound form={form} problems={problems} id={`${id}-age-min`} label="Minimum Age" end={0} />
          <AgeBound form={form} problems={problems} id={`${id}-age-max`} label="Maximum Age" end={1} />
        </div>
        <FieldProblem id={`${id}-age-problem`} message={ageProblem} />
      </fieldset>

      <LabelledField
        id={`${id}-distance`}
        label={`Maximum Distance (miles, ${DISTANCE_MIN}–${DISTANCE_MAX})`}
        problem={problems['preferences.distance_preference']}
      >
        {(a11y) => (
          <input
            {...a11y}
            type="number"
            inputMode="numeric"
            min={DISTANCE_MIN}
            max={DISTANCE_MAX}
            step={DISTANCE_STEP}
            className={FIELD_CONTROL}
            {...register('preferences.distance_preference', number)}
          />
        )}
      </LabelledField>

      {/* Controlled, so a choice saved elsewhere (Edit Profile) shows here without the DOM's help. */}
      <Controller
        control={control}
        name="preferences.looking_for"
        render={({ field }) => (
          <LabelledField id={`${id}-looking`} label="Looking For">
            {(a11y) => (
              <select {...a11y} className={FIELD_CONTROL} {...field}>
                {LOOKING_FOR.map((value) => (
                  <option key={value} value={value}>
                    {LOOKING_FOR_LABELS[value]}
                  </option>
                ))}
              </select>
            )}
          </LabelledField>
        )}
      />

      {women && (
        <Controller
          control={control}
          name="preferences.compensation_preference"
          render={({ field }) => (
            <LabelledField id={`${id}-compensation`} label="Compensation Preference">
              {(a11y) => (
                <select {...a11y} className={FIELD_CONTROL} {...field}>
                  {COMPENSATION_PREFERENCES.map((value) => (
                    <option key={value} value={value}>
                      {COMPENSATION_PREFERENCE_LABELS[value]}
                    </option>
                  ))}
                </select>
              )}
            </LabelledField>
          )}
        />
      )}

      <div className="flex flex-col divide-y divide-border">
        <Controller
          control={control}
          name="preferences.travel_willing"
          render={({ field }) => (
            <SettingSwitchRow
              label="Willing to travel"
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
        <Controller
          control={control}
          name="preferences.discretion_required"
          render={({ field }) => (
            <SettingSwitchRow
              label="Discretion required"
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />
      </div>
    </TitledCard>
  );
}

/** One end of the age range: a plain number within the shared bounds. */
function AgeBound({
  form,
  problems,
  id,
  label,
  end,
}: {
  form: UseFormReturn<SettingsFormValues>;
  problems: FormProblems;
  id: string;
  label: string;
  end: 0 | 1;
}) {
  const field = `preferences.age_range.${end}` as const;
  return (
    <LabelledField id={id} label={label} problem={problems[field]}>
      {(a11y) => (
        <input
          {...a11y}
          type="number"
          inputMode="numeric"
          min={AGE_MIN}
          max={AGE_MAX}
          step={1}
          className={FIELD_CONTROL}
          {...form.register(field, { valueAsNumber: true })}
        />
      )}
    </LabelledField>
  );
}
