import { PRIME_DECOMPOSITION_TYPES, type MathTypeDataOf } from '@kib/core';
import { useT } from '../../../i18n/language';
import { ExpressionListAt, fieldId, Group } from './fields';
import type { RecordFormProps } from './text-forms';

/** primeDecomposition: the numbers (integers from 2), and whether to decompose them or find their LCM or GCD. */
export function PrimeDecompositionForm({
  record,
  set,
  scope,
}: RecordFormProps<MathTypeDataOf<'primeDecomposition'>>) {
  const t = useT();
  const name = fieldId(scope.idPrefix, 'decompType');
  return (
    <>
      <Group scope={scope} legend={t('creator.form.decomp-type')}>
        <div className="creator-form__radios">
          {PRIME_DECOMPOSITION_TYPES.map((type) => (
            <div key={type} className="creator-form__check">
              <input
                type="radio"
                id={`${name}-${type}`}
                name={name}
                value={type}
                checked={record.decompType === type}
                onChange={() => set({ decompType: type })}
              />
              <label htmlFor={`${name}-${type}`}>{t(`creator.form.decomp-type-${type.toLowerCase()}`)}</label>
            </div>
          ))}
        </div>
      </Group>
      <ExpressionListAt
        scope={scope}
        path="numbers"
        plainText
        minItems={1}
        maxItems={10}
        legend={t('creator.form.prime-numbers')}
        hint={t('creator.form.prime-numbers-hint')}
        itemLabel={(n) => t('creator.form.prime-number-n', { n })}
        items={record.numbers}
        onChange={(numbers) => set({ numbers })}
      />
    </>
  );
}
