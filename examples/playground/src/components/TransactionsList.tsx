import { useInfiniteBillingTransactions } from '@inference-infra/react-hooks';
import { ErrorMessage } from './ErrorMessage';

/** Pages of 25: the simulator's ledger of 317 takes a dozen "load more" to reach its end. */
const pageSize = 25;
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', signDisplay: 'always' });

export function TransactionsList() {
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } =
    useInfiniteBillingTransactions({ limit: pageSize });
  const transactions = data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section aria-labelledby="transactions-heading">
      <h2 id="transactions-heading">Billing transactions</h2>
      <ErrorMessage error={error} />
      {isPending ? (
        <p>Loading transactions…</p>
      ) : (
        <>
          <ol className="transactions" aria-label="Transactions">
            {transactions.map((transaction) => (
              <li key={transaction.id}>
                <span>{transaction.description}</span>
                <time dateTime={transaction.createdAt}>{transaction.createdAt.slice(0, 10)}</time>
                <span className="number">{money.format(transaction.amount)}</span>
              </li>
            ))}
          </ol>
          <p className="paging">
            <span>{transactions.length} shown</span>
            {hasNextPage ? (
              <button type="button" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
                {isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            ) : (
              <span>· end of the list</span>
            )}
          </p>
        </>
      )}
    </section>
  );
}
