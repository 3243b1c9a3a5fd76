/**
 * DatePicker in Buddhist era (display DD/MM/BBBB, year panels in พ.ศ.), value as 'YYYY-MM-DD' CE.
 * antd's documented approach: dayjs buddhistEra plugin + locale formats with BBBB; the parse step
 * of the dayjs generateConfig is wrapped so typed BE dates (e.g. 22/11/2569) are read back as CE.
 */
import { DatePicker } from 'antd';
import type { DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/th';
import dayjsGenerateConfig from '@rc-component/picker/es/generate/dayjs';

dayjs.extend(buddhistEra);
dayjs.extend(customParseFormat);
dayjs.locale('th');

import { BE_DISPLAY_FORMAT, buddhistLocale } from './buddhistLocale';

export { BE_DISPLAY_FORMAT, buddhistLocale } from './buddhistLocale';

const config: typeof dayjsGenerateConfig = {
  ...dayjsGenerateConfig,
  locale: {
    ...dayjsGenerateConfig.locale,
    parse: (locale, text, formats) => {
      for (const format of formats) {
        if (!format.includes('BB')) continue;
        const ceFormat = format.replace('BBBB', 'YYYY').replace('BB', 'YY');
        const d = dayjs(text, ceFormat, true);
        if (d.isValid()) return d.subtract(543, 'year').locale('th');
      }
      return dayjsGenerateConfig.locale.parse(locale, text, formats.filter((f) => !f.includes('BB')));
    },
  },
};

const BuddhistPicker = DatePicker.generatePicker<Dayjs>(config);

export interface ThaiDatePickerProps extends Omit<DatePickerProps, 'value' | 'onChange' | 'format' | 'picker'> {
  /** 'YYYY-MM-DD' (CE) or null — what the API speaks. Works as an antd Form.Item control. */
  value?: string | null;
  onChange?: (value: string | null) => void;
}

export function ThaiDatePicker({ value, onChange, ...rest }: ThaiDatePickerProps) {
  const v = value ? dayjs(value, 'YYYY-MM-DD') : null;
  return (
    <BuddhistPicker
      {...(rest as object)}
      style={{ width: '100%', ...rest.style }}
      locale={buddhistLocale}
      format={BE_DISPLAY_FORMAT}
      value={v && v.isValid() ? v : null}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
    />
  );
}
