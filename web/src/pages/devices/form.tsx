/**
 * The form of a device, for registering one and for correcting one. The serial is given once, at
 * registration (loans and repairs know the device by it); status and assignment have their own
 * moves on the device's page. The server judges each field (ui/record-form.tsx).
 */
import { ApiError } from '../../api/client.js';
import type { Device, DeviceFields } from '../../api/devices.js';
import { currencyDigits, formatMoney, parseMoney } from '../../format.js';
import { me } from '../../state/session.js';
import { useSubmit } from '../../ui/form.js';
import { orNull, RecordFields, RecordForm, useRecordValues, type RecordField } from '../../ui/record-form.js';
import './devices.css';

/** Minor units as the figure someone would type (`49999` → `499.99`), without a currency sign. */
const plainAmount = (minor: number | null): string =>
  minor === null ? '' : (minor / 10 ** currencyDigits()).toFixed(currencyDigits());

type Key = 'serial' | 'kind' | 'manufacturer' | 'model' | 'purchaseDate' | 'cost' | 'warrantyEnd';

/** The serial is asked only when registering; the cost's label names the school's currency. */
const fields = (registering: boolean): RecordField<Key>[] => [
  ...(registering
    ? [{ name: 'serial', label: 'Serial', hint: 'Unique in the school; it cannot be changed later.' } as const]
    : []),
  { name: 'kind', label: 'Kind', hint: 'As the school names them: LAPTOP, IPAD, CHROMEBOOK, DESKTOP…' },
  { name: 'manufacturer', label: 'Manufacturer' },
  { name: 'model', label: 'Model' },
  { name: 'purchaseDate', label: 'Purchase date', type: 'date' },
  {
    name: 'cost',
    label: `Purchase cost (${me.value?.tenant.currency ?? ''})`,
    inputMode: 'decimal',
    hint: costHint(),
    apiField: 'purchaseCostMinor',
  },
  { name: 'warrantyEnd', label: 'Warranty ends', type: 'date', hint: 'The last day it is covered.' },
];

export function DeviceForm(props: {
  readonly device?: Device;
  readonly submitLabel: string;
  readonly cancelHref: string;
  readonly save: (fields: DeviceFields) => Promise<unknown>;
}) {
  const d = props.device;
  const [values, set] = useRecordValues<Key>({
    serial: '',
    kind: d?.kind ?? '',
    manufacturer: d?.manufacturer ?? '',
    model: d?.model ?? '',
    purchaseDate: d?.purchaseDate ?? '',
    cost: plainAmount(d?.purchaseCostMinor ?? null),
    warrantyEnd: d?.warrantyEnd ?? '',
  });
  const form = useSubmit(async () => {
    const cost = values.cost.trim();
    const purchaseCostMinor = cost === '' ? null : parseMoney(cost);
    if (cost !== '' && purchaseCostMinor === null) {
      // Not money at all: said beside the field, as the server would say it.
      throw new ApiError(400, 'invalid-input', 'Invalid input', '', new Map([['purchaseCostMinor', costHint()]]));
    }
    await props.save({
      ...(d ? {} : { serial: values.serial.trim() }),
      kind: values.kind.trim(),
      manufacturer: orNull(values.manufacturer),
      model: orNull(values.model),
      purchaseDate: orNull(values.purchaseDate),
      purchaseCostMinor,
      warrantyEnd: orNull(values.warrantyEnd),
    });
  });
  return (
    <RecordForm form={form} submitLabel={props.submitLabel} cancelHref={props.cancelHref}>
      <RecordFields fields={fields(!d)} values={values} set={set} form={form} />
    </RecordForm>
  );
}

const costHint = () => `An amount such as ${formatMoney(Math.round(499.99 * 10 ** currencyDigits()))}. Optional.`;
