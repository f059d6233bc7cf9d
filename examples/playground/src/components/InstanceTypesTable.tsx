import { useInstanceTypes } from '@inference-infra/react-hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorMessage } from './ErrorMessage';

type InstanceTypesQuery = NonNullable<Parameters<typeof useInstanceTypes>[0]>;

const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Each distinct value of a field, sorted: the filter choices are what the catalogue offers, not a list kept here. */
function choices<T extends string | number>(values: readonly T[]): T[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export function InstanceTypesTable() {
  const [gpuType, setGpuType] = useState('');
  const [region, setRegion] = useState('');
  const [gpuCount, setGpuCount] = useState('');
  const query: InstanceTypesQuery = {
    ...(gpuType && { gpu_type: gpuType }),
    ...(region && { region }),
    ...(gpuCount && { gpu_count: Number(gpuCount) }),
  };
  // The whole catalogue (cached once) gives the filter choices.
  const catalogue = useInstanceTypes().data?.data ?? [];
  const gpuTypes = choices(catalogue.map((type) => type.gpu_type));
  const regions = choices(catalogue.map((type) => type.region));
  const gpuCounts = choices(catalogue.map((type) => type.gpu_count));
  // The previous table stays on screen while a new filter loads, instead of flashing empty.
  const { data, error, isPending, isFetching } = useInstanceTypes(query, {
    placeholderData: keepPreviousData,
  });
  // The server sorts by price already; sorting again keeps the promise of the heading whatever answers.
  const types = [...(data?.data ?? [])].sort((a, b) => a.hourly_rate - b.hourly_rate);

  return (
    <section aria-labelledby="instance-types-heading">
      <h2 id="instance-types-heading">Instance types, cheapest first</h2>
      <div className="filters">
        <label>
          GPU type
          <select value={gpuType} onChange={(event) => setGpuType(event.target.value)}>
            <option value="">any</option>
            {gpuTypes.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </label>
        <label>
          Region
          <select value={region} onChange={(event) => setRegion(event.target.value)}>
            <option value="">any</option>
            {regions.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
        <label>
          GPU count
          <select value={gpuCount} onChange={(event) => setGpuCount(event.target.value)}>
            <option value="">any</option>
            {gpuCounts.map((count) => (
              <option key={count}>{count}</option>
            ))}
          </select>
        </label>
      </div>
      <ErrorMessage error={error} />
      {isPending ? (
        <p>Loading instance types…</p>
      ) : (
        <div className="table-scroll">
          <table aria-busy={isFetching} aria-label="Instance types">
            <thead>
              <tr>
                <th scope="col">GPU</th>
                <th scope="col">GPUs</th>
                {/* The price third, the order's key: on a phone the columns after it scroll out of view. */}
                <th scope="col" className="number">
                  Per hour
                </th>
                <th scope="col">Region</th>
                <th scope="col">Deployment</th>
                <th scope="col">vCPUs</th>
                <th scope="col">Memory</th>
              </tr>
            </thead>
            <tbody>
              {types.map((type) => (
                <tr key={type.id} data-id={type.id}>
                  <td>{type.gpu_type}</td>
                  <td>{type.gpu_count}</td>
                  <td className="number">{price.format(type.hourly_rate)}</td>
                  <td>{type.region}</td>
                  <td>{type.deployment_type}</td>
                  <td>{type.cpu_cores}</td>
                  <td>{type.memory_gb} GB</td>
                </tr>
              ))}
              {types.length === 0 && (
                <tr>
                  <td colSpan={7}>No instance type matches these filters.</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
