import { zodResolver } from '@hookform/resolvers/zod';
import {
  AppError,
  ErrorCode,
  EVENT_CITIES,
  EVENT_DEFAULT_MAX_GUESTS,
  EVENT_DESCRIPTION_MAX,
  EVENT_DRESS_CODE_DEFAULT,
  EVENT_DRESS_CODE_LABELS,
  EVENT_DRESS_CODES,
  EVENT_MAX_GUESTS_MAX,
  EVENT_NAME_MAX,
  EVENT_PHOTO_MESSAGES,
  EVENT_TIER_OPTIONS,
  type EventBody,
  type EventBodyParsed,
  type EventCard,
  eventBodySchema,
  eventCityId,
  FREAKOFF_DEFAULT_TIME,
  findEventCity,
  instantToLocal,
  type Me,
  tierLabel,
  zoneAbbreviation,
} from '@royal/shared';
import { CalendarDays, CircleSlash, Images, Moon, PartyPopper, Users } from 'lucide-react';
import { useId, useRef } from 'react';
import { Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { TitledCard } from '@/components/ui/titled-card';
import { fieldProblems, refusalOr } from '@/lib/api';
import { cn } from '@/lib/cn';
import { eventDetailsPath, paths } from '@/lib/paths';
import { useSaveEvent } from '../api/manage-event';
import { DeleteEventButton } from './delete-event-dialog';
import { EventPhotosEditor } from './event-photos-editor';

export const EVENT_UPDATED_TEXT = 'Event Updated';
export const EVENT_CREATED_TEXT = 'Event Created';

const FIELD = 'flex min-w-0 flex-col gap-1.5';
const LABEL = 'font-semibold text-foreground text-sm';
const CONTROL =
  'min-h-11 w-full rounded-xl border border-border bg-surface px-3 text-foreground text-sm focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-red-500';

const CITY_CHOICES = [...EVENT_CITIES].sort((a, b) => a.name.localeCompare(b.name));

/**
 * The form's values: the API's body as typed in (max guests is the field's text until the schema
 * reads it as a number), every field present.
 */
type FormValues = Required<EventBody>;

/** A new event: the spec's defaults (Elegant, Freakoff on at 2 AM, 100 guests), in the member's city. */
function newEventValues(me: Me): FormValues {
  const home = findEventCity(`${me.location.city}, ${me.location.state}`);
  return {
    name: '',
    description: '',
    venue: '',
    address: '',
    city: home ? eventCityId(home) : '',
    date: '',
    time: '',
    tiers_required: [],
    dress_code: EVENT_DRESS_CODE_DEFAULT,
    freakoff_enabled: true,
    freakoff_time: FREAKOFF_DEFAULT_TIME,
    max_guests: String(EVENT_DEFAULT_MAX_GUESTS),
    cancelled: false,
  };
}

/** An existing event, its instants read back as the date and time on the city's clock. */
function editValues(event: EventCard): FormValues {
  const start = instantToLocal(new Date(event.date_time), event.time_zone);
  const freakoff = event.freakoff_start_time
    ? instantToLocal(new Date(event.freakoff_start_time), event.time_zone).time
    : FREAKOFF_DEFAULT_TIME;
  return {
    name: event.name,
    description: event.description ?? '',
    venue: event.venue,
    address: event.address ?? '',
    city: event.city,
    date: start.date,
    time: start.time,
    tiers_required: event.tiers_required.filter((t): t is 1 | 2 | 3 | 4 => t > 0),
    dress_code: event.dress_code,
    freakoff_enabled: event.freakoff_enabled,
    freakoff_time: freakoff,
    max_guests: String(event.max_guests),
    cancelled: event.status === 'cancelled',
  };
}

function Problem({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-red-600 text-xs dark:text-red-300">
      {message}
    </p>
  );
}

/**
 * The event form (spec part 2 §2, "Create New Event" / "Edit Event"), checked with the API's own
 * schema before it is sent. Date and time are the city's clock: the server turns them into the
 * instant in that city's zone. Save stays disabled while the name or the venue is empty (spec §5).
 */
export function EventForm({ me, event }: { me: Me; event?: EventCard }) {
  const editing = Boolean(event);
  const save = useSaveEvent(event?.id ?? null);
  const navigate = useNavigate();
  const id = useId();
  const f = (name: string) => `${id}-${name}`;
  const initial = event ? editValues(event) : newEventValues(me);
  const form = useForm<EventBody, unknown, EventBodyParsed>({
    // The form's max guests is text; the schema reads it as a number (z.coerce).
    resolver: zodResolver(eventBodySchema),
    defaultValues: initial,
  });
  const { register, control, formState, handleSubmit, setError } = form;
  const errors = formState.errors;
  const [name, venue, city, date, freakoffOn] = useWatch({
    control,
    name: ['name', 'venue', 'city', 'date', 'freakoff_enabled'],
  });
  const canSave = name.trim() !== '' && venue.trim() !== '';
  const zone = findEventCity(city)?.timeZone ?? null;
  // The zone's name on the day of the event (or today), so the member knows which clock they set.
  const day = date ? new Date(`${date}T12:00:00Z`) : new Date();
  const zoneName = zone ? zoneAbbreviation(Number.isNaN(day.getTime()) ? new Date() : day, zone) : null;

  const saving = useRef(false);
  const submit = handleSubmit((body) => {
    if (saving.current) return;
    saving.current = true;
    save.mutate(body, {
      onSuccess: (card) => {
        toast.success(editing ? EVENT_UPDATED_TEXT : EVENT_CREATED_TEXT, { description: card.name });
        void navigate(eventDetailsPath(card.id));
      },
      onError: (error) => {
        const byField = fieldProblems(error);
        // Fewer seats than guests already going: the max guests field is what to change.
        if (error instanceof AppError && error.code === ErrorCode.EVENT_OVER_CAPACITY)
          byField.max_guests ??= error.message;
        const fields = Object.entries(byField).filter(([field]) => field in form.getValues());
        for (const [field, message] of fields) setError(field as FieldPath<FormValues>, { message });
        if (fields.length === 0)
          toast.error('Failed to save the event', { description: refusalOr(error, 'Please try again.') });
      },
      onSettled: () => {
        saving.current = false;
      },
    });
  });

  const text = (field: 'name' | 'venue' | 'address', label: string, max: number, required = false) => (
    <div className={FIELD}>
      <label htmlFor={f(field)} className={LABEL}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={f(field)}
        maxLength={max}
        required={required}
        className={CONTROL}
        aria-invalid={Boolean(errors[field])}
        aria-describedby={errors[field] ? f(`${field}-error`) : undefined}
        {...register(field)}
      />
      <Problem id={f(`${field}-error`)} message={errors[field]?.message} />
    </div>
  );
  const problemProps = (field: keyof FormValues) => ({
    'aria-invalid': Boolean(errors[field]),
    'aria-describedby': errors[field] ? f(`${field}-error`) : undefined,
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby={f('title')} className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h1 id={f('title')} className="font-display text-3xl text-foreground">
          {editing ? 'Edit Event' : 'Create New Event'}
        </h1>
        <p className="text-muted-foreground text-sm">
          Members whose tier is admitted see it in Exclusive Events and can RSVP.
        </p>
      </header>

      <div className="page-columns">
        <TitledCard title="The Evening" Icon={PartyPopper} id={f('evening')}>
          {text('name', 'Event Name', EVENT_NAME_MAX, true)}
          <div className={FIELD}>
            <label htmlFor={f('description')} className={LABEL}>
              Description
            </label>
            <textarea
              id={f('description')}
              rows={4}
              maxLength={EVENT_DESCRIPTION_MAX}
              className={cn(CONTROL, 'py-2')}
              {...problemProps('description')}
              {...register('description')}
            />
            <Problem id={f('description-error')} message={errors.description?.message} />
          </div>
          <div className={FIELD}>
            <label htmlFor={f('dress')} className={LABEL}>
              Dress Code
            </label>
            <select
              id={f('dress')}
              className={CONTROL}
              defaultValue={initial.dress_code}
              {...register('dress_code')}
            >
              {EVENT_DRESS_CODES.map((code) => (
                <option key={code} value={code}>
                  {EVENT_DRESS_CODE_LABELS[code]}
                </option>
              ))}
            </select>
          </div>
        </TitledCard>

        <TitledCard title="Place and Time" Icon={CalendarDays} id={f('place')}>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('venue', 'Venue', 200, true)}
            {text('address', 'Address', 300)}
          </div>
          <div className={FIELD}>
            <label htmlFor={f('city')} className={LABEL}>
              City<span aria-hidden="true"> *</span>
            </label>
            <select
              id={f('city')}
              className={CONTROL}
              defaultValue={initial.city}
              {...problemProps('city')}
              {...register('city')}
            >
              <option value="">Choose the city</option>
              {CITY_CHOICES.map((c) => (
                <option key={eventCityId(c)} value={eventCityId(c)}>
                  {eventCityId(c)}
                </option>
              ))}
            </select>
            <Problem id={f('city-error')} message={errors.city?.message} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className={FIELD}>
              <label htmlFor={f('date')} className={LABEL}>
                Date<span aria-hidden="true"> *</span>
              </label>
              <input
                id={f('date')}
                type="date"
                className={CONTROL}
                {...problemProps('date')}
                {...register('date')}
              />
              <Problem id={f('date-error')} message={errors.date?.message} />
            </div>
            <div className={FIELD}>
              <label htmlFor={f('time')} className={LABEL}>
                Time<span aria-hidden="true"> *</span>
              </label>
              <input
                id={f('time')}
                type="time"
                className={CONTROL}
                {...problemProps('time')}
                {...register('time')}
              />
              <Problem id={f('time-error')} message={errors.time?.message} />
            </div>
          </div>
          <p className="text-muted-foreground text-xs">
            {zoneName
              ? `Date and time on the city's clock (${zoneName}).`
              : "Date and time are on the event city's clock."}
          </p>
        </TitledCard>

        <TitledCard title="Guests" Icon={Users} id={f('guests')}>
          <Controller
            control={control}
            name="tiers_required"
            render={({ field, fieldState }) => (
              <fieldset
                className="flex flex-col gap-2"
                aria-describedby={fieldState.error ? f('tiers-error') : undefined}
              >
                <legend className={cn(LABEL, 'mb-1')}>Tiers Required</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {EVENT_TIER_OPTIONS.map((tier) => {
                    const on = field.value.includes(tier as 1 | 2 | 3 | 4);
                    return (
                      <label
                        key={tier}
                        className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-border px-3 text-foreground text-sm has-checked:border-gold-400 has-checked:bg-surface-muted"
                      >
                        <input
                          type="checkbox"
                          checked={on}
                          onChange={() =>
                            field.onChange(
                              on
                                ? field.value.filter((t) => t !== tier)
                                : [...field.value, tier as 1 | 2 | 3 | 4].sort(),
                            )
                          }
                          onBlur={field.onBlur}
                          className="size-4 accent-royal-600"
                        />
                        {tierLabel(tier)}
                      </label>
                    );
                  })}
                </div>
                <Problem id={f('tiers-error')} message={fieldState.error?.message} />
              </fieldset>
            )}
          />
          <div className={FIELD}>
            <label htmlFor={f('max')} className={LABEL}>
              Max Guests
            </label>
            <input
              id={f('max')}
              type="number"
              inputMode="numeric"
              min={1}
              max={EVENT_MAX_GUESTS_MAX}
              step={1}
              className={cn(CONTROL, 'sm:max-w-40')}
              {...problemProps('max_guests')}
              {...register('max_guests')}
            />
            <Problem id={f('max_guests-error')} message={errors.max_guests?.message} />
          </div>
        </TitledCard>

        <TitledCard title="Freakoff" Icon={Moon} id={f('freakoff')}>
          <Controller
            control={control}
            name="freakoff_enabled"
            render={({ field }) => (
              <div className="flex items-center justify-between gap-3 rounded-2xl bg-surface-muted px-3">
                <label htmlFor={f('freakoff-on')} className={LABEL}>
                  Freakoff Enabled
                </label>
                <Switch id={f('freakoff-on')} checked={field.value} onCheckedChange={field.onChange} />
              </div>
            )}
          />
          {freakoffOn && (
            <div className={FIELD}>
              {/* Not "Freakoff Time": the start's "Time" field must stay the only one of that name. */}
              <label htmlFor={f('freakoff-time')} className={LABEL}>
                Freakoff Start
              </label>
              <input
                id={f('freakoff-time')}
                type="time"
                className={cn(CONTROL, 'sm:max-w-40')}
                defaultValue={initial.freakoff_time}
                aria-describedby={f('freakoff-help')}
                {...register('freakoff_time')}
              />
              <p id={f('freakoff-help')} className="text-muted-foreground text-xs">
                The first time the city's clock reads this at or after the start (2:00 AM by default).
              </p>
            </div>
          )}
        </TitledCard>
        <TitledCard title="Photos" Icon={Images} id={f('photos')}>
          {/* Photos hang off a saved event: they are sent one at a time, not with the form. */}
          {event ? (
            <EventPhotosEditor eventId={event.id} eventName={event.name} />
          ) : (
            <p className="text-muted-foreground text-sm">{EVENT_PHOTO_MESSAGES.createFirst}</p>
          )}
        </TitledCard>
        {editing && (
          <TitledCard title="Status" Icon={CircleSlash} id={f('status')}>
            <Controller
              control={control}
              name="cancelled"
              render={({ field }) => (
                <div className="flex flex-col gap-1">
                  <div className="flex items-center justify-between gap-3 rounded-2xl bg-surface-muted px-3">
                    <label htmlFor={f('cancelled')} className={LABEL}>
                      Cancelled
                    </label>
                    <Switch
                      id={f('cancelled')}
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      aria-describedby={f('cancelled-help')}
                    />
                  </div>
                  <p id={f('cancelled-help')} className="text-muted-foreground text-xs">
                    Every guest is told when an event is cancelled.
                  </p>
                </div>
              )}
            />
          </TitledCard>
        )}
      </div>

      <div className="flex flex-col-reverse gap-2 border-border border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {event && <DeleteEventButton eventId={event.id} name={event.name} />}
          <Button asChild variant="ghost">
            <Link to={event ? eventDetailsPath(event.id) : paths.events}>Cancel</Link>
          </Button>
        </div>
        <Button
          type="submit"
          variant="gold"
          size="lg"
          disabled={!canSave || save.isPending}
          className="sm:min-w-44"
        >
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
