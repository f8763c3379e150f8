/** Registering a device (technicians, administrators): the form, then its page. */
import { api } from '../../api/client.js';
import type { Device } from '../../api/records.js';
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
          const { device } = await api.post<{ device: Device }>('/api/devices', fields);
          announce(`Device ${device.serial} registered`);
          navigate(`/devices/${encodeURIComponent(device.id)}`, { replace: true });
        }}
      />
    </section>
  );
}
