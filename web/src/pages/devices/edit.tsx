/** Correcting a device's model and purchase data (retired devices too). */
import { getDevice, updateDevice } from '../../api/devices.js';
import type { PageProps } from '../../page-props.js';
import { navigate } from '../../router.js';
import { announce } from '../../ui/notices.js';
import { ErrorNotice, Loading, PageHeader } from '../../ui/page.js';
import { useResource } from '../../ui/use-resource.js';
import { DeviceForm } from './form.js';

export default function EditDevice({ params }: PageProps) {
  const id = params.id!;
  const href = `/devices/${encodeURIComponent(id)}`;
  const found = useResource(() => getDevice(id), [id]);
  const device = found.data?.device;
  return (
    <section>
      <PageHeader title={device ? `Edit device ${device.serial}` : 'Edit device'} />
      {found.error ? (
        <ErrorNotice error={found.error} onRetry={found.reload} />
      ) : !device ? (
        <Loading />
      ) : (
        <DeviceForm
          key={device.id}
          device={device}
          submitLabel="Save changes"
          cancelHref={href}
          save={async (fields) => {
            await updateDevice(id, fields);
            announce('Changes saved');
            navigate(href, { replace: true });
          }}
        />
      )}
    </section>
  );
}
