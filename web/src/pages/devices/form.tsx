/**
 * The form of a device, for registering one and for correcting one. The serial is given once, at
 * registration (loans and repairs know the device by it); status and assignment have their own
 * moves on the device's page. The server judges each field (ui/record-form.tsx).
 */
import { useState } from 'preact/hooks';
import { ApiError } from '../../api/client.js';
import type { Device, DeviceFields } from '../../api/devices.js';
import { currencyDigits, formatMoney, parseMoney } from '../../format.js';
import { me } from '../../state/session.js';
import { TextField } from '../../ui/field.js';
import { useSubmit } from '../../ui/form.js';
import { orNull, RecordForm, typed } from '../../ui/record-form.js';
import './devices.css';

/** Minor units as the figure someone would type (`49999` → `499.99`), without a currency sign. */
const plainAmount = (minor: number | null): string =>
  minor === null ? '' : (minor / 10 ** currencyDigits()).toFixed(currencyDigits());

export function DeviceForm(props: {
  readonly device?: Device;
  readonly submitLabel: string;
  readonly cancelHref: string;
  readonly save: (fields: DeviceFields) => Promise<unknown>;
}) {
  const d = props.device;
  const [serial, setSerial] = useState('');
  const [kind, setKind] = useState(d?.kind ?? '');
  const [manufacturer, setManufacturer] = useState(d?.manufacturer ?? '');
  const [model, setModel] = useState(d?.model ?? '');
  const [purchaseDate, setPurchaseDate] = useState(d?.purchaseDate ?? '');
  const [cost, setCost] = useState(plainAmount(d?.purchaseCostMinor ?? null));
  const [warrantyEnd, setWarrantyEnd] = useState(d?.warrantyEnd ?? '');
  const form = useSubmit(async () => {
    const purchaseCostMinor = cost.trim() === '' ? null : parseMoney(cost);
    if (cost.trim() !== '' && purchaseCostMinor === null) {
      // Not money at all: said beside the field, as the server would say it.
      throw new ApiError(400, 'invalid-input', 'Invalid input', '', new Map([['purchaseCostMinor', costHint()]]));
    }
    await props.save({
      ...(d ? {} : { serial: serial.trim() }),
      kind: kind.trim(),
      manufacturer: orNull(manufacturer),
      model: orNull(model),
      purchaseDate: orNull(purchaseDate),
      purchaseCostMinor,
      warrantyEnd: orNull(warrantyEnd),
    });
  });
  return (
    <RecordForm form={form} submitLabel={props.submitLabel} cancelHref={props.cancelHref}>
      {!d && (
        <TextField
          label="Serial"
          value={serial}
          onInput={typed(setSerial)}
          error={form.error('serial')}
          autocomplete="off"
          hint="Unique in the school; it cannot be changed later."
        />
      )}
      <TextField
        label="Kind"
        value={kind}
        onInput={typed(setKind)}
        error={form.error('kind')}
        autocomplete="off"
        hint="As the school names them: LAPTOP, IPAD, CHROMEBOOK, DESKTOP…"
      />
      <TextField
        label="Manufacturer"
        value={manufacturer}
        onInput={typed(setManufacturer)}
        error={form.error('manufacturer')}
        autocomplete="off"
      />
      <TextField label="Model" value={model} onInput={typed(setModel)} error={form.error('model')} autocomplete="off" />
      <TextField
        label="Purchase date"
        type="date"
        value={purchaseDate}
        onInput={typed(setPurchaseDate)}
        error={form.error('purchaseDate')}
      />
      <TextField
        label={`Purchase cost (${me.value?.tenant.currency ?? ''})`}
        value={cost}
        inputMode="decimal"
        onInput={typed(setCost)}
        error={form.error('purchaseCostMinor')}
        autocomplete="off"
        hint={costHint()}
      />
      <TextField
        label="Warranty ends"
        type="date"
        value={warrantyEnd}
        onInput={typed(setWarrantyEnd)}
        error={form.error('warrantyEnd')}
        hint="The last day it is covered."
      />
    </RecordForm>
  );
}

const costHint = () => `An amount such as ${formatMoney(Math.round(499.99 * 10 ** currencyDigits()))}. Optional.`;
