/**
 * The DatePicker's Thai locale in Buddhist era (DD/MM/BBBB, year panels in พ.ศ.). Apart from ThaiDatePicker
 * so that the app's ConfigProvider (loaded with the login page) does not pull in the DatePicker itself.
 */
import thTH from 'antd/es/date-picker/locale/th_TH';

export const BE_DISPLAY_FORMAT = 'DD/MM/BBBB';

export const buddhistLocale: typeof thTH = {
  ...thTH,
  lang: {
    ...thTH.lang,
    fieldDateFormat: BE_DISPLAY_FORMAT,
    fieldDateTimeFormat: 'DD/MM/BBBB HH:mm',
    fieldYearFormat: 'BBBB',
    yearFormat: 'BBBB',
    cellYearFormat: 'BBBB',
    placeholder: 'วว/ดด/ปปปป (พ.ศ.)',
  },
};
