import { zodResolver } from '@hookform/resolvers/zod';
import {
  BIO_EXAMPLES,
  BIO_MAX,
  BIO_MIN,
  bioCountText,
  birthDateRefusal,
  cityId,
  LOCATION_CITIES,
  LOOKING_FOR,
  LOOKING_FOR_LABELS,
  NAME_MAX,
  onboardingBodySchema,
  SIGNUP_DEFAULTS,
  USER_TYPE_LABELS,
  USER_TYPES,
} from '@royal/shared';
import { ArrowLeft, ArrowRight, Crown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { RoyalBackdrop } from '@/components/ui/royal-backdrop';
import { useCurrentMember } from '@/features/auth';
import { PhotoGrid, useMyPhotos } from '@/features/photos';
import { PromptsEditor } from '@/features/profile-edit';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { TOAST_AVOID } from '@/lib/toast-lane';
import { useCompleteOnboarding } from '../api/complete-onboarding';

const CITY_CHOICES = [...LOCATION_CITIES].sort((a, b) => a.name.localeCompare(b.name));

// The shared request schema, with the city as the picker's value (the request wraps it as a location).
const formSchema = onboardingBodySchema
  .omit({ location: true })
  .extend({ city: z.string().min(1, 'Choose your city') });
type Form = z.infer<typeof formSchema>;

type Step = { field: keyof Form | 'photo'; title: string; hint: string };
const STEPS: readonly Step[] = [
  { field: 'name', title: 'What is your name?', hint: 'Your first name is how members will know you.' },
  { field: 'user_type', title: 'I am', hint: 'So we can show you the right members.' },
  { field: 'birth_date', title: 'When were you born?', hint: 'Only your age is shown. Members must be 18+.' },
  { field: 'city', title: 'Where are you?', hint: 'Your city is shown; your exact position never is.' },
  {
    field: 'looking_for',
    title: 'What are you looking for?',
    hint: 'You can change this later in Edit Profile.',
  },
  {
    field: 'bio',
    title: 'Tell members about you',
    hint: `A few lines in your own words, at least ${BIO_MIN} characters. You can change them later.`,
  },
  {
    field: 'prompts',
    title: 'A few questions, if you like',
    hint: 'Answer up to three. Members see them on your profile; you can add them later too.',
  },
  {
    field: 'photo',
    title: 'Add your first photo',
    hint: 'Your main photo. Members see it once it is approved.',
  },
];

const INPUT =
  'min-h-12 w-full rounded-2xl border border-white/20 bg-white/10 px-4 text-base text-ivory placeholder:text-royal-200 focus-visible:outline-2 focus-visible:outline-gold-300';

/** One answer of a choice question: a real radio input, drawn as a large card. */
function Choice({
  label,
  value,
  registration,
}: {
  label: string;
  value: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <label className="flex min-h-14 w-full cursor-pointer items-center rounded-2xl border border-white/20 bg-white/10 px-4 font-semibold text-base text-ivory transition hover:bg-white/20 has-[:checked]:border-gold-300 has-[:checked]:bg-gradient-to-r has-[:checked]:from-gold-300 has-[:checked]:to-gold-500 has-[:checked]:text-royal-950 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold-300">
      <input type="radio" value={value} className="sr-only" {...registration} />
      {label}
    </label>
  );
}

/** The bio step's answer: a text area and how far the member is from the minimum. */
function BioAnswer({
  ids,
  invalid,
  length,
  registration,
}: {
  ids: { field: string; error: string; help: string };
  invalid: boolean;
  length: number;
  registration: UseFormRegisterReturn;
}) {
  return (
    <>
      <label htmlFor={ids.field} className="font-semibold text-sm">
        About you
      </label>
      <textarea
        id={ids.field}
        rows={5}
        maxLength={BIO_MAX}
        placeholder="What you love, what you are like, what you are looking for"
        className={cn(INPUT, 'min-h-32 resize-y py-3 leading-relaxed')}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${ids.error} ${ids.help}` : ids.help}
        {...registration}
      />
      <p id={ids.help} aria-live="polite" className="text-right text-royal-100 text-xs">
        {bioCountText(length)}
      </p>
    </>
  );
}

/** Example bios under the bio step's answer (and its error), as help in writing one. */
function BioExamples() {
  return (
    <section aria-label="Example bios" className="rounded-2xl border border-white/10 bg-white/5 p-4">
      <p className="font-semibold text-gold-200 text-sm">For example</p>
      <ul className="mt-2 flex flex-col gap-2 text-royal-100 text-sm italic leading-relaxed">
        {BIO_EXAMPLES.map((example) => (
          <li key={example}>“{example}”</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Onboarding, right after sign-up: one question per step with progress, then a first photo. The
 * answers go to the server in one request at the end; it checks them all again (age for the tier,
 * a photo present) and only then opens discovery.
 */
export function OnboardingFlow() {
  const me = useCurrentMember();
  const navigate = useNavigate();
  const complete = useCompleteOnboarding();
  const photos = useMyPhotos();
  const [index, setIndex] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = { field: useId(), error: useId(), help: useId() };
  const form = useForm<Form>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      // The sign-up placeholder name is not an answer.
      name: me.name === SIGNUP_DEFAULTS.name ? '' : me.name,
      user_type: undefined,
      birth_date: '',
      city: '',
      looking_for: undefined,
      bio: '',
      prompts: [],
    },
    mode: 'onTouched',
  });
  const step = STEPS[index] as Step;
  const hasPhoto = (photos.data?.photos ?? []).some((p) => p.status !== 'rejected');

  // Each new question is announced and takes the focus, as a new page would.
  useEffect(() => {
    if (index > 0) headingRef.current?.focus();
  }, [index]);

  const next = async () => {
    if (step.field !== 'photo' && !(await form.trigger(step.field))) return;
    if (step.field === 'birth_date') {
      // The server's own rule, asked here so an under-age date is refused on its step, not at the end.
      const refusal = birthDateRefusal(form.getValues('birth_date'), me.tier_level, new Date());
      if (refusal) {
        form.setError('birth_date', { message: refusal }, { shouldFocus: true });
        return;
      }
    }
    setIndex((i) => Math.min(i + 1, STEPS.length - 1));
  };

  const finish = form.handleSubmit((data) => {
    const { city, ...answers } = data;
    complete.mutate(
      { ...answers, location: { kind: 'city', city } },
      {
        onSuccess: () => {
          toast.success('Welcome to the Royal Circle', { description: 'Your profile is ready.' });
          navigate(paths.app, { replace: true });
        },
        onError: (error) => toast.error('Error', { description: errorMessage(error) }),
      },
    );
  });

  const error =
    step.field !== 'photo' && step.field !== 'prompts'
      ? form.formState.errors[step.field]?.message
      : undefined;
  const progress = ((index + 1) / STEPS.length) * 100;

  return (
    <div className="relative min-h-dvh overflow-hidden theme-night bg-night text-ivory">
      <RoyalBackdrop />
      <main className="safe-top safe-bottom relative z-10 mx-auto flex min-h-dvh w-full max-w-lg flex-col px-5 py-8">
        <div className="flex items-center gap-2 text-gold-200">
          <Crown aria-hidden="true" className="size-5" />
          <span className="font-display text-lg">Royal Circle</span>
        </div>
        <div className="mt-6">
          <p className="text-royal-100 text-sm">
            Step {index + 1} of {STEPS.length}
          </p>
          <div
            role="progressbar"
            aria-label="Onboarding progress"
            aria-valuemin={1}
            aria-valuemax={STEPS.length}
            aria-valuenow={index + 1}
            className="mt-2 h-2 overflow-hidden rounded-full bg-white/15"
          >
            <div
              className="h-full rounded-full bg-gradient-to-r from-gold-300 to-gold-500 transition-[width] duration-300"
              style={{ width: `${progress}%` }}
            />
          </div>
        </div>

        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (step.field === 'photo') void finish();
            else void next();
          }}
          className="mt-8 flex flex-1 flex-col rounded-3xl border border-white/15 bg-royal-950/55 p-5 sm:min-h-[30rem] sm:flex-none shadow-[0_30px_80px_-30px_rgba(0,0,0,0.8)] backdrop-blur-xl sm:p-7"
        >
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="font-display text-3xl text-gold-100 focus:outline-none"
          >
            {step.title}
          </h1>
          <p className="mt-1 text-royal-100 text-sm">{step.hint}</p>

          <div className="mt-6 flex flex-col gap-3">
            {step.field === 'name' && (
              <>
                <label htmlFor={ids.field} className="sr-only">
                  Name
                </label>
                <input
                  id={ids.field}
                  autoComplete="given-name"
                  maxLength={NAME_MAX}
                  placeholder="Your name"
                  className={INPUT}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? ids.error : undefined}
                  {...form.register('name')}
                />
              </>
            )}
            {step.field === 'user_type' && (
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">I am</legend>
                {USER_TYPES.map((type) => (
                  <Choice
                    key={type}
                    label={USER_TYPE_LABELS[type]}
                    value={type}
                    registration={form.register('user_type')}
                  />
                ))}
              </fieldset>
            )}
            {step.field === 'birth_date' && (
              <>
                <label htmlFor={ids.field} className="font-semibold text-sm">
                  Date of birth
                </label>
                <input
                  id={ids.field}
                  type="date"
                  autoComplete="bday"
                  className={cn(INPUT, '[color-scheme:dark]')}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? ids.error : undefined}
                  {...form.register('birth_date')}
                />
              </>
            )}
            {step.field === 'city' && (
              <>
                <label htmlFor={ids.field} className="font-semibold text-sm">
                  City
                </label>
                <select
                  id={ids.field}
                  className={cn(INPUT, '[&>option]:text-royal-950')}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? ids.error : undefined}
                  {...form.register('city')}
                >
                  <option value="">Choose your city</option>
                  {CITY_CHOICES.map((city) => (
                    <option key={cityId(city)} value={cityId(city)}>
                      {cityId(city)}
                    </option>
                  ))}
                </select>
              </>
            )}
            {step.field === 'looking_for' && (
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">Looking for</legend>
                {LOOKING_FOR.map((value) => (
                  <Choice
                    key={value}
                    label={LOOKING_FOR_LABELS[value]}
                    value={value}
                    registration={form.register('looking_for')}
                  />
                ))}
              </fieldset>
            )}
            {step.field === 'bio' && (
              <BioAnswer
                ids={ids}
                invalid={Boolean(error)}
                length={form.watch('bio').trim().length}
                registration={form.register('bio')}
              />
            )}
            {step.field === 'prompts' && (
              <Controller
                control={form.control}
                name="prompts"
                render={({ field, fieldState }) => (
                  <PromptsEditor
                    value={field.value ?? []}
                    onChange={field.onChange}
                    answerErrors={(field.value ?? []).map(
                      (_, i) => form.formState.errors.prompts?.[i]?.answer?.message,
                    )}
                    error={fieldState.error?.message}
                    labelClassName="font-semibold text-sm"
                    controlClassName={cn(INPUT, '[&>option]:text-royal-950')}
                    errorClassName="text-red-200 text-sm"
                  />
                )}
              />
            )}
            {step.field === 'photo' && <PhotoGrid />}
            {error && (
              <p id={ids.error} role="alert" className="text-red-200 text-sm">
                {error}
              </p>
            )}
            {step.field === 'bio' && <BioExamples />}
          </div>

          <div {...TOAST_AVOID} className="mt-auto flex gap-3 pt-8">
            {index > 0 && (
              <Button
                type="button"
                variant="glass"
                size="lg"
                className="px-4"
                onClick={() => setIndex((i) => i - 1)}
              >
                <ArrowLeft aria-hidden="true" className="size-4" />
                {/* Icon only on a phone, so the main button keeps its words on one line. */}
                <span className="sr-only sm:not-sr-only">Back</span>
              </Button>
            )}
            {step.field === 'photo' ? (
              <Button
                type="submit"
                variant="gold"
                size="lg"
                className="flex-1 whitespace-nowrap px-4"
                disabled={!hasPhoto || complete.isPending}
              >
                {complete.isPending ? 'Entering...' : 'Enter the Royal Circle'}
              </Button>
            ) : (
              <Button type="submit" variant="gold" size="lg" className="flex-1">
                Continue
                <ArrowRight aria-hidden="true" className="size-4" />
              </Button>
            )}
          </div>
          {step.field === 'photo' && !hasPhoto && (
            <p className="mt-2 text-center text-royal-100 text-xs">Add a photo to continue.</p>
          )}
        </form>
      </main>
    </div>
  );
}
