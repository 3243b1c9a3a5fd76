/**
 * How a record page's form gets its values without ever overwriting what the user has typed.
 *
 * A form filled in an effect after it appears (resetFields / setFieldsValue on mount) loses a keystroke that lands
 * between React's commit and its effects — a fast typist, a barcode reader or a browser test on a busy machine
 * types into the field and then sees it emptied. So the values a form starts from are its `initialValues`, in
 * place at its first render; the page is mounted afresh for each record (`oneRecordAtATime`), so going from one
 * record to "add another" starts from blank; and only a later read of the same record (after a save) is written
 * into the form (`useRereadValues`).
 */
import { useEffect, useRef, type ComponentType } from 'react';
import { useParams } from 'react-router';
import type { FormInstance } from 'antd';

/** The page mounted afresh for each record it shows (its :id, or the new-record page). */
export function oneRecordAtATime<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function OneRecord(props: P) {
    const { id } = useParams();
    return <Page key={id ?? 'new'} {...props} />;
  }
  OneRecord.displayName = `OneRecord(${Page.displayName ?? Page.name})`;
  return OneRecord;
}

/**
 * Writes a re-read of the record into the form; the read the form was mounted with is its initialValues and is not
 * written again (that write would come after the user may already have typed).
 */
export function useRereadValues<D>(form: FormInstance, data: D | undefined, toValues: (d: D) => object) {
  const shown = useRef(data);
  useEffect(() => {
    if (data === undefined) return;
    if (shown.current !== undefined && data !== shown.current) form.setFieldsValue(toValues(data));
    shown.current = data;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
}
