//! The frame loop of the page's animations: the hot-key lab's runs and the
//! design review's.
//!
//! Each animation's session decides what plays: `play` hands out a ticket,
//! and only the newest ticket advances the runs, so a Pause or a new start
//! stops an older loop at its next frame. No effect starts or stops the
//! loop: Yew runs effects only when no update is waiting, and on a slow
//! page each frame's update would keep the stopping effect waiting.

use std::time::Duration;

use yew::UseStateSetter;

/// Every `every`, calls `tick` and re-renders through `frame` with the
/// frame count it returns, until `tick` says the loop is over. `tick`
/// returns `None` to skip a frame (its session is busy), else the frame
/// count and whether to go on.
pub fn run(every: Duration, frame: UseStateSetter<u64>, mut tick: impl FnMut() -> Option<(u64, bool)> + 'static) {
    yew::platform::spawn_local(async move {
        loop {
            yew::platform::time::sleep(every).await;
            let Some((frames, more)) = tick() else { continue };
            frame.set(frames);
            if !more {
                break;
            }
        }
    });
}
