/** Registering a device (technicians, administrators): the form, then its page. */
import { createDevice } from '../../api/devices.js';
import { navigate } from '../../router.js';
import { announce } from '../../ui/notices.js';
import { PageHeader } from '../../ui/page.js';
import { DeviceForm } from './form.js';

export default function NewDevice() {
  return (
    <section>
      <PageHeader title="New device" />
      <DeviceForm
        submitLabel="Register device"
        cancelHref="/devices"
        save={async (fields) => {
          const { device } = await createDevice({ ...fields, serial: fields.serial ?? '' });
          announce(`Device ${device.serial} registered`);
          navigate(`/devices/${encodeURIComponent(device.id)}`, { replace: true });
        }}
      />
    </section>
  );
}
