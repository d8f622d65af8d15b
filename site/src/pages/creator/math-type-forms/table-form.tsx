import { LIMITS, TABLE_CELL_TYPES, type TableCellType } from '@kib/core';
import { useRef } from 'react';
import { useT } from '../../../i18n/language';
import { CheckAt, ExpressionListAt, fieldId, Group, kebab, MathInput } from './fields';
import {
  addColumn,
  addRow,
  cellAt,
  cellIndex,
  deleteColumn,
  deleteRow,
  setCell,
  type TableRecord,
} from './table-logic';
import type { RecordFormProps } from './text-forms';

/**
 * tableSimple: the table's cells, each a header, a text or an answer cell (`mathAns`, whose content
 * is the expected answer, typed as math); rows and columns added at the end or deleted anywhere (a
 * delete is ignored when only one remains, spec 02 §4); the constant list and the interval switch.
 */
export function TableSimpleForm({ record, set, scope }: RecordFormProps<TableRecord>) {
  const t = useT();
  const addRowRef = useRef<HTMLButtonElement>(null);
  const addColumnRef = useRef<HTMLButtonElement>(null);
  const update = (next: TableRecord) =>
    set({ numRows: next.numRows, numColumns: next.numColumns, tableData: next.tableData });
  const rows = Array.from({ length: record.numRows }, (_, r) => r);
  const columns = Array.from({ length: record.numColumns }, (_, c) => c);
  const tableError = scope.errors?.tableData;
  const tableId = fieldId(scope.idPrefix, 'tableData');
  const tableErrorId = `${tableId}-error`;
  return (
    <>
      <Group scope={scope} legend={t('creator.form.table')}>
        <p className="field-hint">{t('creator.form.table-hint')}</p>
        <div className="creator-form__table-scroll">
          <table
            id={tableId}
            tabIndex={-1}
            className="creator-form__table"
            aria-describedby={tableError ? tableErrorId : undefined}
          >
            <caption className="visually-hidden">{t('creator.form.table-caption')}</caption>
            <thead>
              <tr>
                <td />
                {columns.map((c) => (
                  <th key={c} scope="col">
                    {t('creator.form.table-column', { n: c + 1 })}
                  </th>
                ))}
                <td />
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r}>
                  <th scope="row">{t('creator.form.table-row', { n: r + 1 })}</th>
                  {columns.map((c) => {
                    const cell = cellAt(record, r, c);
                    const index = cellIndex(record, r, c);
                    const errorKey =
                      index >= 0
                        ? (scope.errors?.[`tableData.${index}.cellContent`] ??
                          scope.errors?.[`tableData.${index}`])
                        : undefined;
                    const error = errorKey ? t(errorKey) : undefined;
                    const where = { row: r + 1, column: c + 1 };
                    // A cell of the record has the ids of its path ('tableData.3.cellContent'), as its errors do.
                    const cellPath = index >= 0 ? `tableData.${index}` : `cell-${r}-${c}`;
                    const typeId = fieldId(scope.idPrefix, `${cellPath}.cellType`);
                    const contentId = fieldId(scope.idPrefix, `${cellPath}.cellContent`);
                    return (
                      <td key={c} className="creator-form__cell" data-cell-type={cell.cellType}>
                        <label htmlFor={typeId} className="visually-hidden">
                          {t('creator.form.cell-type', where)}
                        </label>
                        <select
                          id={typeId}
                          value={cell.cellType}
                          onChange={(event) =>
                            update(setCell(record, r, c, { cellType: event.target.value as TableCellType }))
                          }
                        >
                          {TABLE_CELL_TYPES.map((type) => (
                            <option key={type} value={type}>
                              {t(`creator.form.cell-type-${kebab(type)}`)}
                            </option>
                          ))}
                        </select>
                        {cell.cellType === 'mathAns' ? (
                          <MathInput
                            id={contentId}
                            hideLabel
                            label={t('creator.form.cell-answer', where)}
                            value={cell.cellContent}
                            error={error}
                            onChange={(cellContent) => update(setCell(record, r, c, { cellContent }))}
                          />
                        ) : (
                          <div className="field">
                            <label htmlFor={contentId} className="visually-hidden">
                              {t('creator.form.cell-content', where)}
                            </label>
                            <input
                              id={contentId}
                              type="text"
                              value={cell.cellContent}
                              maxLength={LIMITS.latexMaxLength}
                              aria-invalid={error ? true : undefined}
                              aria-describedby={error ? `${contentId}-error` : undefined}
                              onChange={(event) =>
                                update(setCell(record, r, c, { cellContent: event.target.value }))
                              }
                            />
                            {error && (
                              <div id={`${contentId}-error`} className="field-error">
                                {error}
                              </div>
                            )}
                          </div>
                        )}
                      </td>
                    );
                  })}
                  <td>
                    <button
                      type="button"
                      className="button button-secondary creator-form__remove"
                      disabled={record.numRows <= 1}
                      onClick={() => {
                        update(deleteRow(record, r));
                        addRowRef.current?.focus();
                      }}
                    >
                      {t('creator.form.table-delete-row', { n: r + 1 })}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td />
                {columns.map((c) => (
                  <td key={c}>
                    <button
                      type="button"
                      className="button button-secondary creator-form__remove"
                      disabled={record.numColumns <= 1}
                      onClick={() => {
                        update(deleteColumn(record, c));
                        addColumnRef.current?.focus();
                      }}
                    >
                      {t('creator.form.table-delete-column', { n: c + 1 })}
                    </button>
                  </td>
                ))}
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
        {tableError && (
          <div id={tableErrorId} className="field-error">
            {t(tableError)}
          </div>
        )}
        <div className="creator-form__actions">
          <button
            ref={addRowRef}
            type="button"
            className="button button-secondary"
            disabled={record.numRows >= LIMITS.tableMaxSize}
            onClick={() => update(addRow(record))}
          >
            {t('creator.form.table-add-row')}
          </button>
          <button
            ref={addColumnRef}
            type="button"
            className="button button-secondary"
            disabled={record.numColumns >= LIMITS.tableMaxSize}
            onClick={() => update(addColumn(record))}
          >
            {t('creator.form.table-add-column')}
          </button>
        </div>
      </Group>
      <ExpressionListAt
        scope={scope}
        path="constant"
        legend={t('creator.form.list.constant')}
        hint={t('creator.form.list.constant-hint')}
        itemLabel={(n) => t('creator.form.list.constant-item', { n })}
        items={record.constant}
        onChange={(constant) => set({ constant })}
      />
      <Group scope={scope} legend={t('creator.form.settings')}>
        <CheckAt
          scope={scope}
          path="interval"
          label={t('creator.form.table-interval')}
          hint={t('creator.form.table-interval-hint')}
          checked={record.interval}
          onChange={(interval) => set({ interval })}
        />
      </Group>
    </>
  );
}
