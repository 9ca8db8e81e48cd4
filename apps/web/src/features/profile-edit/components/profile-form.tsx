import { zodResolver } from '@hookform/resolvers/zod';
import {
  AGE_MAX,
  AGE_MIN,
  BIO_MAX,
  BODY_TYPE_LABELS,
  BODY_TYPES,
  bioCountText,
  COMPENSATION_PREFERENCE_LABELS,
  COMPENSATION_PREFERENCES,
  cityId,
  DISTANCE_MAX,
  DISTANCE_MIN,
  DISTANCE_STEP,
  ETHNICITIES,
  ETHNICITY_LABELS,
  HEIGHTS,
  LIFESTYLE_TAG_LABELS,
  LIFESTYLE_TAGS,
  LOCATION_CITIES,
  LOOKING_FOR,
  LOOKING_FOR_LABELS,
  type Me,
  NAME_MAX,
  type ProfileUpdate,
  profileFormSchema,
} from '@royal/shared';
import { Camera, Gem, Heart, Quote, Ruler, Sparkles, UserRound } from 'lucide-react';
import { useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { RangeSlider } from '@/components/ui/range-slider';
import { Switch } from '@/components/ui/switch';
import { TitledCard } from '@/components/ui/titled-card';
import { PhotoGrid } from '@/features/photos';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useUpdateProfile } from '../api/update-profile';
import { PromptsEditor } from './prompts-editor';

const CITY_CHOICES = [...LOCATION_CITIES].sort((a, b) => a.name.localeCompare(b.name));

// The shared Edit Profile schema, with the pickers' values: the city as its list id, and '' for
// "not set" in the three optional selects (sent as null).
const optional = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).or(z.literal(''));
const formSchema = profileFormSchema
  .omit({ location: true, body_type: true, height: true, ethnicity: true })
  .extend({
    city: z.string(),
    body_type: optional(BODY_TYPES),
    height: optional(HEIGHTS),
    ethnicity: optional(ETHNICITIES),
  });
type Form = z.infer<typeof formSchema>;

function formFrom(me: Me): Form {
  const city = cityId({ name: me.location.city, state: me.location.state });
  return {
    name: me.name,
    bio: me.bio,
    city: LOCATION_CITIES.some((c) => cityId(c) === city) ? city : '',
    body_type: me.body_type ?? '',
    height: me.height ?? '',
    ethnicity: me.ethnicity ?? '',
    looking_for: me.preferences.looking_for,
    age_range: me.preferences.age_range,
    distance_preference: me.preferences.distance_preference,
    travel_willing: me.preferences.travel_willing,
    discretion_required: me.preferences.discretion_required,
    lifestyle_tags: me.lifestyle_tags,
    compensation_preference: me.preferences.compensation_preference,
    open_to_companions_only: me.open_to_companions_only,
    prompts: me.prompts,
  };
}

const FIELD = 'flex min-w-0 flex-col gap-1.5';
const LABEL = 'font-semibold text-foreground text-sm';
const CONTROL =
  'min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-foreground text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-red-500';

function Problem({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-red-600 text-xs dark:text-red-300">
      {message}
    </p>
  );
}

/** Edit Profile's sections (spec part 2 §2), on react-hook-form with the shared schema; Save Changes sends them. */
export function ProfileForm({ me }: { me: Me }) {
  const update = useUpdateProfile();
  const women = me.user_type === 'women';
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const initial = formFrom(me);
  const form = useForm<Form>({ resolver: zodResolver(formSchema), defaultValues: initial });
  const { register, control, formState, watch } = form;
  const errors = formState.errors;
  const bioLength = watch('bio')?.length ?? 0;

  const saving = useRef(false);
  const save = form.handleSubmit((values) => {
    // One save at a time: the button stays focusable while one is under way (see below), and a
    // second press before the next render would still see isPending false.
    if (saving.current) return;
    saving.current = true;
    const { city, body_type, height, ethnicity, compensation_preference, open_to_companions_only, ...rest } =
      values;
    const body: ProfileUpdate = {
      ...rest,
      body_type: body_type || null,
      height: height || null,
      ethnicity: ethnicity || null,
      ...(city && city !== formFrom(me).city ? { location: { kind: 'city', city } } : {}),
      // Additional Preferences are for women only; the server refuses them for anyone else.
      ...(women ? { compensation_preference, open_to_companions_only } : {}),
    };
    update.mutate(body, {
      onSuccess: (saved) => {
        form.reset(formFrom(saved));
        toast.success('Profile updated successfully!');
      },
      onError: (error) => toast.error('Failed to save profile', { description: errorMessage(error) }),
      onSettled: () => {
        saving.current = false;
      },
    });
  });

  return (
    <form
      noValidate
      onSubmit={save}
      className="flex flex-col gap-5 pb-(--save-bar-height) [--save-bar-height:4.25rem]"
    >
      <TitledCard title="Photos (Required)" Icon={Camera} id={f('photos')}>
        <PhotoGrid />
      </TitledCard>

      <TitledCard title="Basic Information" Icon={UserRound} id={f('basic')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className={FIELD}>
            <label htmlFor={f('name')} className={LABEL}>
              Name
            </label>
            <input
              id={f('name')}
              maxLength={NAME_MAX}
              className={CONTROL}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={f('name-error')}
              {...register('name')}
            />
            <Problem id={f('name-error')} message={errors.name?.message} />
          </div>
          <div className={FIELD}>
            <label htmlFor={f('city')} className={LABEL}>
              City
            </label>
            <select id={f('city')} className={CONTROL} defaultValue={initial.city} {...register('city')}>
              {initial.city === '' && <option value="">Choose your city</option>}
              {CITY_CHOICES.map((city) => (
                <option key={cityId(city)} value={cityId(city)}>
                  {cityId(city)}
                </option>
              ))}
            </select>
          </div>
          <div className={FIELD}>
            <span className={LABEL}>Age</span>
            <p className="min-h-11 content-center text-muted-foreground text-sm">
              {me.age} <span className="text-xs">(from your date of birth)</span>
            </p>
          </div>
        </div>
        <div className={FIELD}>
          <div className="flex items-baseline justify-between">
            <label htmlFor={f('bio')} className={LABEL}>
              Bio
            </label>
            <span
              className={cn(
                'text-xs tabular-nums',
                bioLength > BIO_MAX ? 'text-red-600' : 'text-muted-foreground',
              )}
              aria-live="polite"
            >
              {bioCountText(bioLength)}
            </span>
          </div>
          <textarea
            id={f('bio')}
            rows={4}
            className={cn(CONTROL, 'py-2')}
            aria-invalid={Boolean(errors.bio)}
            aria-describedby={f('bio-error')}
            placeholder="Tell members about yourself"
            {...register('bio')}
          />
          <Problem id={f('bio-error')} message={errors.bio?.message} />
        </div>
      </TitledCard>

      <TitledCard title="Prompts" Icon={Quote} id={f('prompts')}>
        <p className="text-muted-foreground text-sm">
          Answer up to three questions. Members see them on your profile.
        </p>
        <Controller
          control={control}
          name="prompts"
          render={({ field, fieldState }) => (
            <PromptsEditor
              value={field.value}
              onChange={field.onChange}
              answerErrors={field.value.map((_, i) => errors.prompts?.[i]?.answer?.message)}
              error={fieldState.error?.message ?? errors.prompts?.root?.message}
              labelClassName={LABEL}
              controlClassName={CONTROL}
              errorClassName="text-red-600 text-xs dark:text-red-300"
            />
          )}
        />
      </TitledCard>

      <TitledCard title="Physical Attributes" Icon={Ruler} id={f('physical')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <div className={FIELD}>
            <label htmlFor={f('body')} className={LABEL}>
              Body Type
            </label>
            <select
              id={f('body')}
              className={CONTROL}
              defaultValue={initial.body_type}
              {...register('body_type')}
            >
              <option value="">Not set</option>
              {BODY_TYPES.map((v) => (
                <option key={v} value={v}>
                  {BODY_TYPE_LABELS[v]}
                </option>
              ))}
            </select>
          </div>
          <div className={FIELD}>
            <label htmlFor={f('height')} className={LABEL}>
              Height
            </label>
            <select
              id={f('height')}
              className={CONTROL}
              defaultValue={initial.height}
              {...register('height')}
            >
              <option value="">Not set</option>
              {HEIGHTS.map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </div>
          <div className={FIELD}>
            <label htmlFor={f('ethnicity')} className={LABEL}>
              Ethnicity
            </label>
            <select
              id={f('ethnicity')}
              className={CONTROL}
              defaultValue={initial.ethnicity}
              {...register('ethnicity')}
            >
              <option value="">Not set</option>
              {ETHNICITIES.map((v) => (
                <option key={v} value={v}>
                  {ETHNICITY_LABELS[v]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </TitledCard>

      <TitledCard title="What You're Seeking" Icon={Heart} id={f('seeking')}>
        <div className={FIELD}>
          <label htmlFor={f('looking')} className={LABEL}>
            Looking For
          </label>
          <select
            id={f('looking')}
            className={CONTROL}
            defaultValue={initial.looking_for}
            {...register('looking_for')}
          >
            {LOOKING_FOR.map((v) => (
              <option key={v} value={v}>
                {LOOKING_FOR_LABELS[v]}
              </option>
            ))}
          </select>
        </div>
        <Controller
          control={control}
          name="age_range"
          render={({ field, fieldState }) => (
            <div className={FIELD}>
              <span className={LABEL}>
                Age Range: {field.value[0]} – {field.value[1]}
              </span>
              <RangeSlider
                label={['Youngest age', 'Oldest age']}
                value={field.value}
                min={AGE_MIN}
                max={AGE_MAX}
                step={1}
                onChange={(value) => field.onChange(value as [number, number])}
              />
              <Problem id={f('age-error')} message={fieldState.error?.message} />
            </div>
          )}
        />
        <Controller
          control={control}
          name="distance_preference"
          render={({ field }) => (
            <div className={FIELD}>
              <span className={LABEL}>Maximum Distance: {field.value} miles</span>
              <RangeSlider
                label={['Maximum distance in miles']}
                value={[field.value]}
                min={DISTANCE_MIN}
                max={DISTANCE_MAX}
                step={DISTANCE_STEP}
                onChange={([value]) => field.onChange(value)}
              />
            </div>
          )}
        />
        <div className="grid gap-2 sm:grid-cols-2">
          <ToggleRow control={control} name="travel_willing" label="Willing to travel" id={f('travel')} />
          <ToggleRow
            control={control}
            name="discretion_required"
            label="Discretion required"
            id={f('discretion')}
          />
        </div>
      </TitledCard>

      <TitledCard title="Lifestyle & Interests" Icon={Sparkles} id={f('lifestyle')}>
        <Controller
          control={control}
          name="lifestyle_tags"
          render={({ field }) => (
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">Lifestyle tags</legend>
              {LIFESTYLE_TAGS.map((tag) => {
                const on = field.value.includes(tag);
                return (
                  <button
                    key={tag}
                    type="button"
                    aria-pressed={on}
                    onClick={() =>
                      field.onChange(on ? field.value.filter((t) => t !== tag) : [...field.value, tag])
                    }
                    className={cn(
                      'min-h-9 cursor-pointer rounded-full border px-3 text-sm transition focus-visible:outline-2 focus-visible:outline-ring',
                      on
                        ? 'border-primary bg-primary text-primary-foreground'
                        : 'border-border bg-surface text-foreground hover:bg-surface-muted',
                    )}
                  >
                    {LIFESTYLE_TAG_LABELS[tag]}
                  </button>
                );
              })}
            </fieldset>
          )}
        />
      </TitledCard>

      {women && (
        <TitledCard title="Additional Preferences" Icon={Gem} id={f('additional')}>
          <div className={FIELD}>
            <label htmlFor={f('compensation')} className={LABEL}>
              Compensation Preference
            </label>
            <select
              id={f('compensation')}
              className={CONTROL}
              defaultValue={initial.compensation_preference}
              {...register('compensation_preference')}
            >
              {COMPENSATION_PREFERENCES.map((v) => (
                <option key={v} value={v}>
                  {COMPENSATION_PREFERENCE_LABELS[v]}
                </option>
              ))}
            </select>
          </div>
          <ToggleRow
            control={control}
            name="open_to_companions_only"
            label="Open to companions only"
            id={f('companions')}
          />
        </TitledCard>
      )}

      {/*
        The save bar: fixed above the bottom navigation (at the bottom of the screen from lg, where
        the navigation is a side rail), on the navigation's chrome, so it reads as part of the frame
        rather than a button floating over a field. The form ends with room of the bar's height, so
        at the end of the page nothing is left under it.
      */}
      <div className="chrome safe-x fixed inset-x-0 bottom-[calc(var(--bottomnav-space)+env(safe-area-inset-bottom))] z-30 border-chrome-border border-t bg-chrome backdrop-blur-xl lg:left-[calc(var(--sidenav-width)+env(safe-area-inset-left))] lg:bottom-[env(safe-area-inset-bottom)]">
        <div className="content-column flex h-(--save-bar-height) items-center justify-end">
          <Button
            type="submit"
            variant="gold"
            size="lg"
            // Not `disabled`: a disabled button drops the focus it holds, and the member pressing
            // Save Changes with the keyboard would find it at the page's start.
            aria-disabled={update.isPending || undefined}
            className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto sm:min-w-44"
          >
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </div>
    </form>
  );
}

function ToggleRow({
  control,
  name,
  label,
  id,
}: {
  control: ReturnType<typeof useForm<Form>>['control'];
  name: 'travel_willing' | 'discretion_required' | 'open_to_companions_only';
  label: string;
  id: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="flex items-center justify-between gap-3 rounded-2xl bg-surface-muted px-3">
          <label htmlFor={id} className="font-semibold text-foreground text-sm">
            {label}
          </label>
          <Switch id={id} checked={field.value} onCheckedChange={field.onChange} />
        </div>
      )}
    />
  );
}
