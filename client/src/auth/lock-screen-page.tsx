// PLACEHOLDER — replaced by the auth screens work before commit.
export default function Page(_props: { mode?: string }) {
  return <p>lock-screen-page</p>;
}
