/**
 * DatePicker in Buddhist era (display DD/MM/BBBB, year panels in พ.ศ.), value as 'YYYY-MM-DD' CE.
 * antd's documented approach: dayjs buddhistEra plugin + locale formats with BBBB; the parse step
 * of the dayjs generateConfig is wrapped so typed BE dates (e.g. 22/11/2569) are read back as CE.
 */
import { Button, DatePicker, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ceYearOffer, parseBuddhistText } from './beDate';
import type { DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import 'dayjs/locale/th';
import dayjsGenerateConfig from '@rc-component/picker/es/generate/dayjs';

dayjs.extend(buddhistEra);
dayjs.locale('th');

import { BE_DISPLAY_FORMAT, buddhistLocale } from './buddhistLocale';

export { BE_DISPLAY_FORMAT, buddhistLocale } from './buddhistLocale';

const config: typeof dayjsGenerateConfig = {
  ...dayjsGenerateConfig,
  locale: {
    ...dayjsGenerateConfig.locale,
    parse: (locale, text, formats) => {
      if (formats.some((f) => f.includes('BB'))) return parseBuddhistText(text, formats)?.locale('th') ?? null;
      return dayjsGenerateConfig.locale.parse(locale, text, formats);
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
  // a CE year typed into this พ.ศ. field is not taken: it is questioned, with the conversion one click away (Enter takes it too)
  const [offer, setOffer] = useState<ReturnType<typeof ceYearOffer>>(null);
  useEffect(() => {
    if (value) setOffer(null);
  }, [value]);
  const accept = () => {
    if (!offer) return;
    onChange?.(offer.iso);
    setOffer(null);
  };
  return (
    <div
      onInput={(e) => setOffer(ceYearOffer((e.target as HTMLInputElement).value ?? ''))}
      onKeyDownCapture={(e) => {
        if (e.key === 'Enter' && offer) accept();
      }}
    >
      <BuddhistPicker
        {...(rest as object)}
        style={{ width: '100%', ...rest.style }}
        locale={buddhistLocale}
        format={BE_DISPLAY_FORMAT}
        status={offer ? 'warning' : rest.status}
        value={v && v.isValid() ? v : null}
        onChange={(d: Dayjs | null) => onChange?.(d ? d.format('YYYY-MM-DD') : null)}
      />
      {offer && (
        <Typography.Text type="warning" role="alert" style={{ display: 'block', fontSize: 13, marginTop: 4 }}>
          ปี {offer.ceYear} เป็นปี ค.ศ. หรือไม่? ช่องนี้ใช้ปี พ.ศ.{' '}
          <Button
            size="small"
            type="link"
            style={{ padding: 0, height: 'auto' }}
            onClick={accept}
            data-testid="use-be-year"
          >
            ใช้ {offer.text}
          </Button>
        </Typography.Text>
      )}
    </div>
  );
}
