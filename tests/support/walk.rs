//! Every page of groups read through the store, as the command line reads
//! them (several pages in flight).

use crmdeck::api::Client;
use crmdeck::cli::walk::{Waits, walk};
use crmdeck::store::{GroupList, WalkPolicy};
use std::time::Instant;

/// The groups of `branch_id` (None: every branch), `per_page` asked a
/// page, the default bound in flight: the list once its walk is over.
pub async fn every_group(client: &Client, branch_id: Option<i64>, per_page: u32) -> GroupList {
    let mut list = GroupList::new(branch_id, per_page, WalkPolicy::default());
    list.walk(Instant::now());
    walk(client, &mut list, &mut Waits::default(), |_| {}).await;
    list
}
