import { zodResolver } from '@hookform/resolvers/zod';
import {
  SchoolRegistrationSchema,
  type Country,
  type CountryData,
  type SchoolInstitution,
  type SchoolRegistration,
} from '@kib/core';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useT } from '../../i18n/language';
import { Field, SelectField } from '../../ui/field';
import { recallChoice, rememberChoice } from '../../ui/remembered-choice';
import { FailureAlert, useAddSubmit, useFieldErrorText } from '../../ui/form-submit';
import { Spinner } from '../../ui/spinner';
import { useCountries, useCountryData, useRegisterSchool, type SchoolScope } from './school-admin-data';
import { SchoolQueryWait } from './school-admin-ui';

/** The ISO code of the country most schools are in: preselected when the list has it. */
const PRESELECTED_COUNTRY = 'CO';

type RegistrationValues = z.output<typeof SchoolRegistrationSchema>;

const FIELDS = [
  'institutionName',
  'countryId',
  'territorialEntityId',
  'cityId',
  'address',
  'email',
  'telephone',
] as const;

/** A select's text as an id; undefined when nothing is chosen (the schema says what is missing). */
const idOf = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);
/** A select's text as an id, or null for "none chosen" (a territorial entity is optional to the API). */
const idOrNull = (value: unknown) => idOf(value) ?? null;

/** The place the form opens on: a country, and in it a territorial entity and a city; null where none. */
interface Place {
  countryId: number | null;
  territorialEntityId: number | null;
  cityId: number | null;
}

/**
 * The place the form opens on: the place chosen last, as the cookies remember it (spec 01 §9), as
 * far as the lists confirm it (a country still listed, a territorial entity of that country, a
 * city of that entity), else Colombia when listed. `rememberedPlace` is the remembered country's
 * data, when it loaded.
 */
function placeToOpenOn(
  countries: readonly Country[],
  rememberedCountry: number | null,
  rememberedPlace: CountryData | undefined,
): Place {
  if (rememberedCountry === null) {
    const preselected = countries.find((country) => country.code === PRESELECTED_COUNTRY);
    return { countryId: preselected?.id ?? null, territorialEntityId: null, cityId: null };
  }
  if (!rememberedPlace) return { countryId: rememberedCountry, territorialEntityId: null, cityId: null };
  const divided = rememberedPlace.territorialEntities.length > 0;
  const territorialEntityId = divided
    ? recallChoice('territorialEntity', rememberedPlace.territorialEntities)
    : null;
  const cities = rememberedPlace.cities.filter(
    (city) => !divided || (territorialEntityId !== null && city.territorialEntityId === territorialEntityId),
  );
  return { countryId: rememberedCountry, territorialEntityId, cityId: recallChoice('city', cities) };
}

/** Remembers the place chosen so far (spec 01 §9): what lies below the last choice is forgotten. */
function rememberPlace(place: Place): void {
  rememberChoice('country', place.countryId);
  rememberChoice('territorialEntity', place.territorialEntityId);
  rememberChoice('city', place.cityId);
}

/** What the form knows beyond its values: whether the chosen country is divided into territorial entities. */
interface PlaceContext {
  divided: boolean;
}

const checkSchema = zodResolver(SchoolRegistrationSchema);

/**
 * The core schema's check of a registration, and one the form adds: in a country divided into
 * territorial entities (Colombia's departments), one is chosen before its city.
 */
const checkRegistration: Resolver<SchoolRegistration, PlaceContext, RegistrationValues> = async (
  values,
  context,
  options,
) => {
  const result = await checkSchema(values, context, options);
  if (!context?.divided || values.territorialEntityId != null) return result;
  const errors: FieldErrors<SchoolRegistration> = {
    ...result.errors,
    territorialEntityId: { type: 'required', message: 'validation.school-territorial-entity' },
  };
  return { values: {}, errors };
};

/**
 * "Register your school" (spec 03 §2, §5): institution name, country (Colombia preselected),
 * department and city (a department's cities only), address, e-mail and telephone (digits, no
 * country code). The core schema checks it before sending with the spec's messages; the server's
 * refusals land under their fields, anything else in an alert. The registered school is handed to
 * `onRegistered`. The country, department and city chosen are remembered in cookies for a while
 * (spec 01 §9): the form opens again on them, once their lists have loaded and still hold them.
 */
export function RegisterSchoolForm({
  scope,
  onRegistered,
}: {
  scope: SchoolScope;
  onRegistered: (institution: SchoolInstitution) => void;
}) {
  const countries = useCountries();
  // The remembered country's departments and cities load before the form opens on them.
  const [remembered] = useState(() => recallChoice('country'));
  const listed = countries.data?.countries.some((country) => country.id === remembered);
  const rememberedCountry = listed ? remembered : null;
  const rememberedPlace = useCountryData(rememberedCountry);
  if (!countries.data) return <SchoolQueryWait query={countries} />;
  if (rememberedCountry !== null && rememberedPlace.isPending)
    return <SchoolQueryWait query={rememberedPlace} />;
  return (
    <RegistrationForm
      scope={scope}
      openOn={placeToOpenOn(countries.data.countries, rememberedCountry, rememberedPlace.data)}
      countries={countries.data.countries}
      onRegistered={onRegistered}
    />
  );
}

function RegistrationForm({
  scope,
  openOn,
  countries,
  onRegistered,
}: {
  scope: SchoolScope;
  openOn: Place;
  countries: readonly Country[];
  onRegistered: (institution: SchoolInstitution) => void;
}) {
  const t = useT();
  const headingId = useId();
  const errorText = useFieldErrorText();
  const registerSchool = useRegisterSchool(scope);
  const [initial] = useState(openOn);
  // The country chosen decides the lists below it, and whether a department is asked for.
  const [countryId, setCountryId] = useState<number | null>(initial.countryId);
  const place = useCountryData(countryId);
  const form = useForm<SchoolRegistration, PlaceContext, RegistrationValues>({
    resolver: checkRegistration,
    defaultValues: {
      institutionName: '',
      countryId: initial.countryId ?? undefined,
      territorialEntityId: initial.territorialEntityId,
      cityId: undefined,
      address: '',
      email: '',
      telephone: '',
    },
    // Read at each check: a divided country asks for its department.
    context: { divided: (place.data?.territorialEntities.length ?? 0) > 0 },
  });
  const { register, resetField, setValue, watch } = form;
  const entityId = watch('territorialEntityId') ?? null;
  // A remembered city is set once the first render has listed its department's cities, and is not
  // a default: a change of country or department empties it, as on a form opened empty.
  useEffect(() => {
    if (initial.cityId !== null) setValue('cityId', initial.cityId);
  }, [initial.cityId, setValue]);

  const { failure, onSubmit } = useAddSubmit(form, FIELDS, async (values) => {
    const answer = await registerSchool.mutateAsync(values);
    onRegistered(answer.institutionData);
  });
  const errors = form.formState.errors;

  return (
    <section className="card school-admin-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('school-admin.register-form-title')}</h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <Field
          label={t('school-admin.institution-name')}
          autoComplete="organization"
          maxLength={200}
          error={errorText(errors.institutionName, 200)}
          {...register('institutionName')}
        />
        <SelectField
          label={t('school-admin.country')}
          error={errorText(errors.countryId)}
          {...register('countryId', {
            setValueAs: idOf,
            onChange: (event: ChangeEvent<HTMLSelectElement>) => {
              const chosen = idOf(event.target.value) ?? null;
              setCountryId(chosen);
              rememberPlace({ countryId: chosen, territorialEntityId: null, cityId: null });
              resetField('territorialEntityId', { defaultValue: null });
              resetField('cityId');
            },
          })}
        >
          <option value="">{t('school-admin.choose-country')}</option>
          {countries.map((country) => (
            <option key={country.id} value={country.id}>
              {country.name}
            </option>
          ))}
        </SelectField>
        {countryId !== null && !place.data ? (
          <div className="school-admin-place-wait">
            <SchoolQueryWait query={place} />
          </div>
        ) : (
          <PlaceFields
            place={place.data}
            entityId={entityId}
            errors={{
              entity: errorText(errors.territorialEntityId),
              city: errorText(errors.cityId),
            }}
            entityField={register('territorialEntityId', {
              setValueAs: idOrNull,
              onChange: (event: ChangeEvent<HTMLSelectElement>) => {
                const chosen = idOrNull(event.target.value);
                rememberPlace({ countryId, territorialEntityId: chosen, cityId: null });
                resetField('cityId');
              },
            })}
            cityField={register('cityId', {
              setValueAs: idOf,
              onChange: (event: ChangeEvent<HTMLSelectElement>) =>
                rememberPlace({
                  countryId,
                  territorialEntityId: entityId,
                  cityId: idOf(event.target.value) ?? null,
                }),
            })}
          />
        )}
        <Field
          label={t('school-admin.address')}
          autoComplete="street-address"
          maxLength={300}
          error={errorText(errors.address, 300)}
          {...register('address')}
        />
        <Field
          label={t('school-admin.email')}
          type="email"
          autoComplete="email"
          maxLength={254}
          error={errorText(errors.email, 254)}
          {...register('email')}
        />
        <Field
          label={t('school-admin.telephone')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={30}
          hint={t('school-admin.telephone-hint')}
          error={errorText(errors.telephone)}
          {...register('telephone')}
        />
        <FailureAlert error={failure} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={registerSchool.isPending}>
            {registerSchool.isPending && <Spinner label={t('school-admin.working')} />}
            {t('school-admin.register-submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * The department (when the country has them) and the city: the city list holds the chosen
 * department's cities only, and waits until one is chosen.
 */
function PlaceFields({
  place,
  entityId,
  errors,
  entityField,
  cityField,
}: {
  place: CountryData | undefined;
  entityId: number | null;
  errors: { entity?: string; city?: string };
  entityField: UseFormRegisterReturn<'territorialEntityId'>;
  cityField: UseFormRegisterReturn<'cityId'>;
}) {
  const t = useT();
  const entities = place?.territorialEntities ?? [];
  const divided = entities.length > 0;
  const cities = (place?.cities ?? []).filter((city) => !divided || city.territorialEntityId === entityId);
  const waiting = divided && entityId === null;
  const hint = !place
    ? t('school-admin.city-after-country')
    : waiting
      ? t('school-admin.city-after-department')
      : cities.length === 0
        ? t('school-admin.no-cities')
        : undefined;
  return (
    <>
      {divided && (
        <SelectField label={t('school-admin.department')} error={errors.entity} {...entityField}>
          <option value="">{t('school-admin.choose-department')}</option>
          {entities.map((entity) => (
            <option key={entity.id} value={entity.id}>
              {entity.name}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField
        label={t('school-admin.city')}
        hint={hint}
        error={errors.city}
        disabled={cities.length === 0}
        {...cityField}
      >
        <option value="">{t('school-admin.choose-city')}</option>
        {cities.map((city) => (
          <option key={city.id} value={city.id}>
            {city.name}
          </option>
        ))}
      </SelectField>
    </>
  );
}
