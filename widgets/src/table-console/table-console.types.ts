import type { PublicTableSimpleData, TableAnswer, TableFeedback } from '@kib/core';
import type { ConsoleProps } from '../shared/console.types';

/** Props of the table console (tableSimple): the public table, the typed cells, the per-cell feedback. */
export type TableConsoleProps = ConsoleProps<PublicTableSimpleData, TableAnswer, TableFeedback>;
