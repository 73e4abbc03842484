-- Periodic schedules: one row per schedule name holds the last time slot that was enqueued.
-- Workers advance it with a conditional update, so of several workers exactly one enqueues
-- each slot (a job's unique_key only dedupes while a job is queued or running).
create table job_schedule (
  name text primary key,
  last_slot bigint not null,
  updated_at timestamptz not null default now()
);

-- Pruning finished jobs and showing a queue's failures read by finish time.
create index job_finished_idx on job (finished_at) where status in ('done', 'failed');
create index job_queue_status_idx on job (queue, status);
