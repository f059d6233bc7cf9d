import { CheapestH100 } from './cheapest-h100';

export default function Home() {
  return (
    <main>
      <h1>H100 instance types</h1>
      <CheapestH100 />
    </main>
  );
}
