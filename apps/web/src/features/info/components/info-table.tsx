import { useTranslation } from 'react-i18next';
import { RichText } from './rich-text.tsx';

/**
 * A table from `<base>.columns.<column>` and `<base>.rows.<row>.<column>`; the first column heads
 * each row. On narrow screens every row becomes a small card (the labels come from data-label).
 */
export function InfoTable({
  base,
  columns,
  rows,
  values,
}: {
  base: string;
  columns: string[];
  rows: string[];
  values?: Record<string, unknown>;
}) {
  const { t } = useTranslation();
  const [first, ...rest] = columns;
  return (
    <div className="info-table-wrap">
      <table className="info-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {t(`${base}.columns.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r}>
              <th scope="row" data-label={t(`${base}.columns.${first}`)}>
                <RichText k={`${base}.rows.${r}.${first}`} values={values} />
              </th>
              {rest.map((c) => (
                <td key={c} data-label={t(`${base}.columns.${c}`)}>
                  <RichText k={`${base}.rows.${r}.${c}`} values={values} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
