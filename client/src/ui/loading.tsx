// The one "Loading..." of the client (seed 000 §2.8), while a page or a part of it loads.
export function Loading() {
  return (
    <div className="loading" role="status">
      Loading...
    </div>
  );
}
